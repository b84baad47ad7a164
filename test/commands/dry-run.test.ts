// --dry-run, made once (src/api/dry-run.ts, one object on the context): for
// one write command of every noun, the in-memory server's request log shows
// the reads and no write, the write is printed on stdout (secrets as ***), and
// the exit status is 0. The nouns that write on this machine (the settings,
// the logins, kettle's data folder, git's config) show each change as a line
// and leave every file as it was. The nouns come from the command table, so a
// new noun without a line here fails the first test.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENTRIES } from '../../src/commands/index.js';
import { expectExit, useServer } from '../support/suite.js';
import { addRun, addWorkflow } from '../server/routes-actions.js';
import { addPackage } from '../server/routes-packages.js';
import { addRunner } from '../server/routes-runners.js';
import { sshKeyPair } from '../support/keys.js';
import { snapshot } from '../support/snapshot.js';

const s = useServer({ runner: 'in-process' });
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'keys');

beforeAll(() => {
  s.server.state.addUser('root', 'Site Admin', 'root-password').admin = true;
});

let n = 0;
let name = '';
beforeEach(() => {
  s.server.set({ flavor: { forgejo: false, version: undefined } });
  name = `dry-${++n}`;
  const repo = s.server.state.addRepo('alice', name, { init: true });
  repo.branches.push('topic');
});
const R = () => ['-R', `alice/${name}`];

/**
 * One command line that writes, for each noun; null (with why) for a noun
 * that sends no write to the server.
 */
const WRITES: Record<string, (() => string[]) | { none: string } | { local: string }> = {
  // Minting the token is the write; the login is stored only with the token, so the config file is not written either.
  login: () => ['login', 'add', '--url', s.server.url, '--user', 'root', '--password', 'root-password', '--name', 'dry'],
  whoami: { none: 'reads only' },
  user: { none: 'reads only' },
  repo: () => ['repo', 'star', `alice/${name}`],
  branch: () => ['branch', 'create', 'cap', ...R()],
  tag: () => ['tag', 'create', 'v9', ...R()],
  browse: { none: 'reads only' },
  issue: () => ['issue', 'create', '--title', 'Lid', '--body', 'rattles', ...R()],
  label: () => ['label', 'create', 'dry', '--color', 'ff0000', ...R()],
  milestone: () => ['milestone', 'create', 'v1', ...R()],
  pr: () => ['pr', 'create', '--head', 'topic', '--base', 'main', '--title', 'Topic', '--body', 'x', ...R()],
  release: () => ['release', 'create', 'v1', '--notes', 'first', ...R()],
  run: () => {
    const repo = s.server.state.repos.find((r) => r.name === name);
    if (repo === undefined) throw new Error('no repo');
    const run = addRun(s.server.state, repo, { workflow: 'ci.yml', title: 'Lid', branch: 'main', event: 'push', status: 'failure', jobs: [{ name: 'test' }] });
    return ['run', 'rerun', String(run.id), ...R()];
  },
  workflow: () => {
    const repo = s.server.state.repos.find((r) => r.name === name);
    if (repo === undefined) throw new Error('no repo');
    addWorkflow(s.server.state, repo, { file: 'ci.yml' });
    return ['workflow', 'disable', 'ci.yml', ...R()];
  },
  secret: () => ['secret', 'set', 'TEAPOT_KEY', '--body-file', secretFile(), ...R()],
  variable: () => ['variable', 'set', 'SPOUT', 'narrow', ...R()],
  status: { none: 'reads only' },
  notification: () => ['notification', 'read', '--all'],
  search: { none: 'reads only' },
  org: () => ['org', 'create', `dry-org-${n}`],
  hook: () => ['hook', 'add', '--url', 'https://ci.example.com/hook', '--secret', 'hook-secret-value', ...R()],
  'ssh-key': () => {
    const file = join(s.dir, 'id.pub');
    writeFileSync(file, sshKeyPair('dry@kettle').pub);
    return ['ssh-key', 'add', file, '--title', 'dry'];
  },
  'gpg-key': () => ['gpg-key', 'add', join(FIXTURES, 'alice.asc')],
  admin: () => ['admin', 'cron', 'run', 'update_mirrors'],
  config: { local: 'the settings file' },
  alias: { local: 'the settings file' },
  api: () => ['api', '-X', 'POST', `/repos/alice/${name}/labels`, '-f', 'name=dry', '-f', 'color=#ff0000'],
  completion: { none: 'prints a script' },
  extension: { local: "kettle's data folder (reading a repository and its releases: test/commands/extension.test.ts)" },
  package: () => {
    addPackage(s.server.state, { owner: 'alice', type: 'generic', name: `dry-tools-${n}`, version: '1.0.0' });
    return ['package', 'delete', 'generic', `dry-tools-${n}`, '1.0.0', '--owner', 'alice', '--yes'];
  },
  runner: () => {
    const repo = s.server.state.repos.find((r) => r.name === name);
    if (repo === undefined) throw new Error('no repo');
    s.server.set({ flavor: { forgejo: false, version: '1.26.4' } });
    const runner = addRunner(s.server.state, { name: `dry-runner-${n}`, repoId: repo.id });
    return ['runner', 'delete', String(runner.id), ...R(), '--yes'];
  },
  team: () => ['team', 'create', `dry-team-${n}`, '--org', 'wonderland'],
  time: () => {
    const repo = s.server.state.repos.find((r) => r.name === name);
    if (repo === undefined) throw new Error('no repo');
    const issue = s.server.state.addIssue(repo, 'alice', { title: 'Lid' });
    return ['time', 'add', String(issue.number), '30m', ...R()];
  },
  wiki: () => ['wiki', 'create', 'Dry page', '--body', 'Nothing sent.', ...R()],
};

/** A file holding a secret's value, which must never be shown. */
function secretFile(): string {
  const file = join(s.dir, 'secret.txt');
  writeFileSync(file, 'hunter2-very-secret');
  return file;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

describe('--dry-run', () => {
  it('has a line for every noun of the command table', () => {
    expect(Object.keys(WRITES).sort()).toEqual(ENTRIES.map((e) => e.name).sort());
  });

  it('has cases on this machine for every noun that writes there', () => {
    const local = Object.entries(WRITES).flatMap(([noun, w]) => (typeof w === 'object' && 'local' in w ? [noun] : []));
    expect(local.filter((noun) => !LOCAL.some(([words]) => words.startsWith(`${noun} `)))).toEqual([]);
  });

  const cases = Object.entries(WRITES).filter((e): e is [string, () => string[]] => typeof e[1] === 'function');
  it.each(cases)('%s: the write is printed, not sent; exit 0', async (noun, line) => {
    // Run rerun and workflow disable have endpoints in newer releases.
    if (noun === 'run' || noun === 'workflow') s.server.set({ flavor: { forgejo: false, version: '1.26.4' } });
    const argv = line();
    const env = noun === 'admin' ? { env: { KETTLE_TOKEN: s.server.addToken('root') } } : noun === 'login' ? { env: { KETTLE_URL: undefined, KETTLE_TOKEN: undefined } } : {};
    const r = await s.kettle(['--dry-run', ...argv], env);
    expectExit(r, 0);
    const writes = s.server.requests.filter((q) => !READS.has(q.method)).map((q) => `${q.method} ${q.path}`);
    expect(writes).toEqual([]);
    const shown = r.stdout.split('\n').filter((l) => /^(POST|PUT|PATCH|DELETE) \//.test(l));
    expect(shown.length, `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBeGreaterThan(0);
    expect(r.stdout + r.stderr).not.toContain('hunter2-very-secret');
    expect(r.stdout + r.stderr).not.toContain('hook-secret-value');
    expect(r.stdout + r.stderr).not.toContain('root-password');
    expect(existsSync(join(s.configDir, 'config.json'))).toBe(false);
  });

  it('shows a secret as ***, and the body otherwise as sent', async () => {
    const r = await s.kettle(['--dry-run', 'secret', 'set', 'TEAPOT_KEY', '--body-file', secretFile(), ...R()]);
    expectExit(r, 0);
    expect(r.stdout).toBe(`PUT /repos/alice/${name}/actions/secrets/TEAPOT_KEY {"data":"***"}\n`);
    const label = await s.kettle(['--dry-run', 'label', 'create', 'dry', '--color', 'ff0000', '--description', 'a test', ...R()]);
    expectExit(label, 0);
    expect(label.stdout).toBe(`POST /repos/alice/${name}/labels {"name":"dry","color":"#ff0000","description":"a test"}\n`);
    // The command needs the created label's fields to print it: it says where it stopped.
    expect(label.stderr).toBe(`kettle: dry run: stopped after POST /repos/alice/${name}/labels: what follows needs the server's answer to it; nothing was sent\n`);
  });

  it('a command that goes on after its write says so in its confirmation', async () => {
    const r = await s.kettle(['--dry-run', 'repo', 'star', `alice/${name}`]);
    expectExit(r, 0);
    expect(r.stdout).toBe(`PUT /user/starred/alice/${name}\n`);
    expect(r.stderr).toMatch(/\(dry run: nothing was sent\)\n$/);
  });

  it('several numbers at once: each write shown, and a stop for each is no failure', async () => {
    const repo = s.server.state.repos.find((r) => r.name === name);
    if (repo === undefined) throw new Error('no repo');
    const a = s.server.state.addIssue(repo, 'alice', { title: 'One' });
    const b = s.server.state.addIssue(repo, 'alice', { title: 'Two' });
    const r = await s.kettle(['--dry-run', 'issue', 'close', String(a.number), String(b.number), ...R()]);
    expectExit(r, 0);
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual([a.number, b.number].map((n) => `PATCH /repos/alice/${name}/issues/${n} {"state":"closed"}`).sort());
    expect(r.stderr).not.toMatch(/failed/);
    expect(s.server.requests.filter((q) => !READS.has(q.method))).toEqual([]);
  });
});

const settingsFile = () => join(s.configDir, 'settings.json');
const configFile = () => join(s.configDir, 'config.json');
const extensions = () => join(s.configDir, '.local', 'share', 'kettle', 'extensions');
const noLogin = { KETTLE_URL: undefined, KETTLE_TOKEN: undefined };

/** Two stored logins, their tokens in the file (--insecure-storage: no keyring is asked). */
function twoLogins(): void {
  const login = (user: string) => ({ url: `${s.server.url}/api/v1`, auth: 'header', user, token: `${user}-file-token`, insecureStorage: true });
  writeFileSync(configFile(), JSON.stringify({ version: 2, default: 'one', logins: { one: login('alice'), two: login('bob') } }), { mode: 0o600 });
}

/** An extension "hello" installed from a local folder. */
function localExtension(): string {
  const folder = join(s.dir, 'kettle-hello');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'kettle-hello'), '#!/bin/sh\necho hello\n');
  chmodSync(join(folder, 'kettle-hello'), 0o755);
  return folder;
}

/**
 * Commands that write on this machine: the words, what is there before, the
 * lines shown (each a pattern), and what the confirmation says.
 */
const LOCAL: Array<[string, { before?: () => void; argv: () => string[]; env?: Record<string, string | undefined>; lines: () => Array<string | RegExp>; stderr: RegExp }]> = [
  ['config set', { argv: () => ['config', 'set', 'editor', 'vim'], lines: () => [`write ${settingsFile()}: editor = "vim"`], stderr: /^✓ Set editor to "vim" \(dry run: nothing was changed\)\n$/ }],
  [
    'config set --host',
    {
      before: () => writeFileSync(settingsFile(), JSON.stringify({ hosts: { 'git.example.com': { http_timeout: '10' } } })),
      argv: () => ['config', 'set', 'git_protocol', 'ssh', '--host', 'git.example.com'],
      lines: () => [`write ${settingsFile()}: git_protocol = "ssh" for host git.example.com`],
      stderr: /nothing was changed\)\n$/,
    },
  ],
  [
    'config unset',
    {
      before: () => writeFileSync(settingsFile(), JSON.stringify({ settings: { editor: 'vim', pager: 'cat' } })),
      argv: () => ['config', 'unset', 'editor'],
      lines: () => [`write ${settingsFile()}: unset editor`],
      stderr: /^✓ Unset editor \(it was "vim"\) \(dry run: nothing was changed\)\n$/,
    },
  ],
  ['alias set', { argv: () => ['alias', 'set', 'co', 'pr checkout'], lines: () => [`write ${settingsFile()}: alias co = "pr checkout"`], stderr: /nothing was changed\)\n$/ }],
  [
    'alias delete',
    {
      before: () => writeFileSync(settingsFile(), JSON.stringify({ aliases: { co: 'pr checkout', bugs: 'issue list' } })),
      argv: () => ['alias', 'delete', 'co'],
      lines: () => [`write ${settingsFile()}: delete alias co`],
      stderr: /^✓ Deleted alias co \(it stood for: pr checkout\) \(dry run: nothing was changed\)\n$/,
    },
  ],
  [
    'extension install',
    {
      argv: () => ['extension', 'install', localExtension()],
      lines: () => [new RegExp(`^write ${extensions()}/hello/extension\\.json: \\{"name":"hello","source":"${s.dir}/kettle-hello",.*"kind":"local","path":"${s.dir}/kettle-hello"`)],
      stderr: /^✓ Installed extension hello from .* \(dry run: nothing was changed\)\n$/,
    },
  ],
  [
    'extension remove',
    {
      before: () => {
        mkdirSync(join(extensions(), 'hello'), { recursive: true });
        const folder = localExtension();
        const record = { name: 'hello', kind: 'local', source: folder, path: folder, allowToken: false, version: '', installed: '2026-01-01T00:00:00.000Z' };
        writeFileSync(join(extensions(), 'hello', 'extension.json'), JSON.stringify(record));
      },
      argv: () => ['extension', 'remove', 'hello'],
      lines: () => [`remove ${extensions()}/hello`],
      stderr: /^✓ Removed extension hello \(dry run: nothing was changed\)\n$/,
    },
  ],
  [
    'login add --with-token',
    {
      argv: () => ['login', 'add', '--url', s.server.url, '--name', 'dry', '--with-token'],
      env: noLogin,
      lines: () => [
        new RegExp(`^write ${configFile()}: login "dry" = \\{"url":"${s.server.url}/api/v1","auth":"header","token":"\\*\\*\\*","user":"alice","added":"[^"]+"\\}$`),
        `write ${configFile()}: default = "dry"`,
      ],
      // No keyring in the tests (no session bus): the token would go to the file, as without --dry-run.
      stderr:
        /^kettle: no keyring answered \(.*\): the token is kept in the config file .*\n✓ Logged in to .* as alice \(Alice Liddell\); saved as login "dry" \(default\) \(dry run: nothing was changed\)\n$/,
    },
  ],
  [
    'login delete',
    {
      before: twoLogins,
      argv: () => ['login', 'delete', 'one'],
      env: noLogin,
      lines: () => [`write ${configFile()}: delete login "one"`, `write ${configFile()}: default = "two"`],
      stderr: /^✓ Deleted login "one" \(dry run: nothing was changed\)\nkettle: the default login is now "two"\n$/,
    },
  ],
  ['login default', { before: twoLogins, argv: () => ['login', 'default', 'two'], env: noLogin, lines: () => [`write ${configFile()}: default = "two"`], stderr: /nothing was changed\)\n$/ }],
  [
    'login setup-git',
    {
      before: twoLogins,
      argv: () => ['login', 'setup-git', '--login', 'one'],
      env: noLogin,
      lines: () => [new RegExp(`^git config --global --add credential\\.${s.server.url.replace(/\./g, '\\.')}/\\.helper '!.* login git-credential'$`)],
      stderr: /^✓ git now asks kettle .* \(dry run: nothing was changed\)\n$/,
    },
  ],
];

describe('--dry-run on this machine', () => {
  it.each(LOCAL)('%s: each change is a line on stdout, and every file stays as it was; exit 0', async (_name, c) => {
    c.before?.();
    const before = snapshot(s.configDir, ['.cache']);
    const r = await s.kettle(['--dry-run', ...c.argv()], { env: c.env ?? {}, input: s.token });
    expectExit(r, 0);
    const lines = r.stdout.split('\n').slice(0, -1);
    const expected = c.lines();
    expect(lines, `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toHaveLength(expected.length);
    expected.forEach((line, i) => (typeof line === 'string' ? expect(lines[i]).toBe(line) : expect(lines[i]).toMatch(line)));
    expect(r.stderr).toMatch(c.stderr);
    expect(snapshot(s.configDir, ['.cache'])).toEqual(before);
    expect(r.stdout + r.stderr).not.toContain(s.token);
    expect(r.stdout + r.stderr).not.toContain('file-token');
    expect(s.server.requests.filter((q) => !READS.has(q.method))).toEqual([]);
  });
});
