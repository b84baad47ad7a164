// kettle config list|get|set|unset, and the settings at work: the one
// precedence (flag, environment, host setting, setting, default) where kettle
// clones, colours, asks and waits on the network.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });
const host = () => new URL(s.server.url).host;

interface Row {
  key: string;
  value: string | null;
  source: string;
}
const listed = async (args: string[] = [], env: NodeJS.ProcessEnv = {}) => {
  const r = await s.kettle(['config', 'list', '--json', ...args], { env });
  expectExit(r, 0);
  return Object.fromEntries(json<Row[]>(r).map((row) => [row.key, `${row.value} (${row.source})`]));
};

describe('config set, get, list, unset', () => {
  it('keeps a setting for every host and one for a host; list says where each value comes from', async () => {
    expectExit(await s.kettle(['config', 'set', 'git_protocol', 'ssh']), 0);
    const set = await s.kettle(['config', 'set', 'git_protocol', 'https', '--host', `HTTPS://${host().toUpperCase()}/`]);
    expectExit(set, 0);
    expect(set.stderr).toBe(`✓ Set git_protocol to "https" for ${host()}\n`);
    expect((await s.kettle(['config', 'get', 'git_protocol'])).stdout).toBe('ssh\n');
    expect((await s.kettle(['config', 'get', 'git_protocol', '--host', host()])).stdout).toBe('https\n');
    expect(await listed()).toMatchObject({ git_protocol: 'ssh (setting)', prompt: 'enabled (default)', editor: 'null (default)' });
    expect((await listed(['--host', host()])).git_protocol).toBe(`https (host ${host()})`);
    expect((await listed([], { KETTLE_GIT_PROTOCOL: 'https' })).git_protocol).toBe('https (environment (KETTLE_GIT_PROTOCOL))');
    expect(JSON.parse(readFileSync(join(s.configDir, 'settings.json'), 'utf8'))).toEqual({ settings: { git_protocol: 'ssh' }, hosts: { [host()]: { git_protocol: 'https' } } });
    // The logins' file is not touched.
    expect(() => readFileSync(join(s.configDir, 'config.json'))).toThrow();
  });

  it('--timeout is the flag of http_timeout: list and get show it', async () => {
    expectExit(await s.kettle(['config', 'set', 'http_timeout', '45']), 0);
    expect((await s.kettle(['--timeout', '7', 'config', 'get', 'http_timeout'])).stdout).toBe('7\n');
    const r = await s.kettle(['--timeout', '7', 'config', 'list', '--json']);
    expect(json<Row[]>(r).find((row) => row.key === 'http_timeout')).toEqual({ key: 'http_timeout', value: '7', source: '--timeout', default: '30' });
  });

  it('set warns when an environment variable comes before the setting', async () => {
    const r = await s.kettle(['config', 'set', 'editor', 'nano'], { env: { KETTLE_EDITOR: 'vim' } });
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Set editor to "nano"\nkettle: warning: KETTLE_EDITOR is set, and comes before this setting\n');
  });

  it('unset removes it; unsetting what is not set changes nothing and succeeds', async () => {
    expectExit(await s.kettle(['config', 'set', 'pager', 'most']), 0);
    const r = await s.kettle(['config', 'unset', 'pager']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Unset pager (it was "most")\n');
    const again = await s.kettle(['config', 'unset', 'pager']);
    expectExit(again, 0);
    expect(again.stderr).toBe('pager was not set; nothing changed\n');
    expect((await s.kettle(['config', 'get', 'pager'])).stdout).toBe('');
  });

  it.each([
    [['config', 'set', 'colour', 'auto'], /Allowed choices are editor, pager, browser, prompt, git_protocol, color, http_timeout, oauth_client_id/],
    [['config', 'get', 'nope'], /Allowed choices are editor, pager/],
    [['config', 'set', 'color', 'blue'], /^kettle: color takes auto, always or never, not "blue"\n$/],
    [['config', 'set', 'prompt', 'off'], /^kettle: prompt takes enabled or disabled, not "off"\n$/],
    [['config', 'set', 'http_timeout', 'soon'], /^kettle: http_timeout takes a number of seconds greater than 0/],
    [
      ['config', 'set', 'editor', 'vim', '--host', 'git.example.com'],
      /^kettle: editor is one setting for every host; drop --host \(the settings a host may have: git_protocol, http_timeout, oauth_client_id\)\n$/,
    ],
    [['config', 'set', 'oauth_client_id', 'abc'], /^kettle: oauth_client_id is set per host: give --host HOST\n$/],
    [['config', 'set', 'git_protocol', 'ssh', '--host', 'not a host'], /^kettle: --host takes a host name or an address, not "not a host"\n$/],
  ])('%j: exit 2 naming what is allowed, nothing written', async (args, message) => {
    const r = await s.kettle(args);
    expectExit(r, 2);
    expect(r.stderr).toMatch(message);
    expect(() => readFileSync(join(s.configDir, 'settings.json'))).toThrow();
  });

  it('a settings file a person broke is one line naming the file and the line', async () => {
    writeFileSync(join(s.configDir, 'settings.json'), '{\n  "settings": {\n    "pager": "less",\n  }\n}\n');
    const r = await s.kettle(['config', 'list']);
    expectExit(r, 1);
    expect(r.stderr).toBe(`kettle: the settings file ${join(s.configDir, 'settings.json')}, line 4: not valid JSON; fix it, or remove the file\n`);
    writeFileSync(join(s.configDir, 'settings.json'), '{\n  "settings": {\n    "color": "purple"\n  }\n}\n');
    const wrong = await s.kettle(['config', 'set', 'editor', 'vim']);
    expectExit(wrong, 1);
    expect(wrong.stderr).toBe(`kettle: the settings file ${join(s.configDir, 'settings.json')}, line 3: color takes auto, always or never, not "purple"; fix it, or remove the file\n`);
  });
});

describe('the settings at work', () => {
  it('color always colours a pipe; NO_COLOR beats it', async () => {
    expectExit(await s.kettle(['config', 'set', 'color', 'always']), 0);
    const r = await s.kettle(['config', 'set', 'pager', 'cat']);
    expect(r.stderr).toBe('\u001b[32m✓\u001b[39m Set pager to "cat"\n');
    const plain = await s.kettle(['config', 'set', 'pager', 'cat'], { env: { NO_COLOR: '1' } });
    expect(plain.stderr).toBe('✓ Set pager to "cat"\n');
    expectExit(await s.kettle(['config', 'set', 'color', 'never']), 0);
    const never = await s.kettle(['config', 'set', 'pager', 'cat'], { tty: true });
    expect(never.stderr).toBe('✓ Set pager to "cat"\n');
  });

  it('prompt disabled: a terminal is not asked, as in a script', async () => {
    const repo = s.server.state.addRepo('alice', 'prompt-off', { init: true });
    const made = await s.kettle(['label', 'create', 'doomed', '--color', 'ff0000', '-R', `alice/${repo.name}`]);
    expectExit(made, 0);
    expectExit(await s.kettle(['config', 'set', 'prompt', 'disabled']), 0);
    const r = await s.kettle(['label', 'delete', 'doomed', '-R', `alice/${repo.name}`], { tty: true });
    expectExit(r, 2);
    expect(r.stderr).toMatch(/^kettle: refusing to delete label "doomed" of alice\/prompt-off without confirmation; pass --yes\n$/);
    // KETTLE_PROMPT=enabled beats the setting: then kettle would ask (and gets no answer on this pretend terminal).
    expect((await s.kettle(['config', 'get', 'prompt'], { env: { KETTLE_PROMPT: 'enabled' } })).stdout).toBe('enabled\n');
  });

  it('http_timeout for the host beats the one for every host; KETTLE_TIMEOUT beats both', async () => {
    s.server.fault({ kind: 'stall', path: '/repos/alice/teapot/issues/1' });
    expectExit(await s.kettle(['config', 'set', 'http_timeout', '60']), 0);
    expectExit(await s.kettle(['config', 'set', 'http_timeout', '0.4', '--host', host()]), 0);
    const started = Date.now();
    const r = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot', '--json']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/nothing more within 0\.4 s/);
    expect(Date.now() - started).toBeLessThan(20_000);
    s.server.fault({ kind: 'stall', path: '/repos/alice/teapot/issues/1' });
    const env = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot', '--json'], { env: { KETTLE_TIMEOUT: '0.3' } });
    expect(env.stderr).toMatch(/nothing more within 0\.3 s/);
  });

  describe('git_protocol: repo clone', () => {
    /** A git that records its arguments, on PATH before the real one. */
    function fakeGit() {
      const bin = join(s.dir, 'bin');
      mkdirSync(bin, { recursive: true });
      const log = join(s.dir, 'git.log');
      writeFileSync(log, '');
      writeFileSync(join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$3" >> "${log}"\n`);
      chmodSync(join(bin, 'git'), 0o755);
      return { env: { PATH: `${bin}:${process.env.PATH ?? ''}` }, urls: () => readFileSync(log, 'utf8').trim().split('\n') };
    }

    it.each([
      ['the setting', [['git_protocol', 'ssh']], {}, 'ssh'],
      [
        'the host setting beats the setting',
        [
          ['git_protocol', 'ssh'],
          ['git_protocol', 'https', '--host', 'HOST'],
        ],
        {},
        'https',
      ],
      ['KETTLE_GIT_PROTOCOL beats the host setting', [['git_protocol', 'ssh', '--host', 'HOST']], { KETTLE_GIT_PROTOCOL: 'https' }, 'https'],
      ['the default', [], {}, 'https'],
    ])('%s', async (_, sets, env, protocol) => {
      for (const set of sets) expectExit(await s.kettle(['config', 'set', ...set.map((w) => (w === 'HOST' ? host() : w))]), 0);
      const git = fakeGit();
      const r = await s.kettle(['repo', 'clone', 'alice/teapot'], { env: { ...git.env, ...env }, cwd: s.dir });
      expectExit(r, 0);
      const hostname = new URL(s.server.url).hostname;
      expect(git.urls()[0]).toBe(protocol === 'ssh' ? `git@${hostname}:alice/teapot.git` : `${s.server.url.replace(/\/api\/v1$/, '')}/alice/teapot.git`);
    });
  });
});

describe('kettle help config', () => {
  it('lists every setting with its default and its environment variable', async () => {
    const r = await s.kettle(['help', 'config']);
    expectExit(r, 0);
    for (const [key, shown] of [
      ['editor', 'KETTLE_EDITOR'],
      ['pager', 'KETTLE_PAGER'],
      ['browser', 'KETTLE_BROWSER'],
      ['prompt', 'default: enabled; beaten by: KETTLE_PROMPT'],
      ['git_protocol', 'KETTLE_GIT_PROTOCOL'],
      ['color', 'default: auto; beaten by: --no-color, NO_COLOR, FORCE_COLOR'],
      ['http_timeout', 'default: 30; beaten by: --timeout, KETTLE_TIMEOUT'],
      ['oauth_client_id', 'KETTLE_OAUTH_CLIENT_ID'],
    ]) {
      expect(r.stdout).toMatch(new RegExp(`\\n  ${key} +`));
      // Wrapped to 80 columns: read as one line.
      expect(r.stdout.replace(/\n +/g, ' ')).toContain(shown);
    }
  });
});
