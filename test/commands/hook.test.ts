// kettle hook list|add, run in-process against the in-memory server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, record, rows, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

function hooksOf(owner: string, name: string) {
  const repo = s.server.state.repo(owner, name);
  if (!repo) throw new Error(`no ${owner}/${name}`);
  return s.server.state.hooks.filter((h) => h.repoId === repo.id);
}

describe('hook list', () => {
  it('lists id, type, url, events and active, never the secret', async () => {
    const r = await s.kettle(['hook', 'list', '-R', 'alice/teapot']);
    expectExit(r, 0);
    expect(rows(r.stdout)).toEqual(hooksOf('alice', 'teapot').map((h) => [String(h.id), h.type, h.url, h.events.join(','), String(h.active)]));
    expect(r.stdout).not.toContain('seeded-secret');
  });

  it('--json: the server records', async () => {
    const r = await s.kettle(['hook', 'list', '-R', 'alice/teapot', '--json']);
    expectExit(r, 0);
    const list = json<Array<{ id: number; config: { url: string } }>>(r);
    expect(list.map((h) => [h.id, h.config.url])).toEqual(hooksOf('alice', 'teapot').map((h) => [h.id, h.url]));
  });

  it('names the missing repository, and says when alice may not see the hooks', async () => {
    expectFailure(await s.kettle(['hook', 'list', '-R', 'alice/nope']), 'repository alice/nope not found');
    expectFailure(await s.kettle(['hook', 'list', '-R', 'bob/toolbox']), /^kettle: cannot list the webhooks of bob\/toolbox: permission denied/);
  });
});

describe('hook add', () => {
  it('sends type gitea, content_type json, events push and active true by default', async () => {
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/new']);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/alice/teapot/hooks')[0]?.body).toEqual({
      type: 'gitea',
      config: { url: 'https://ci.example.com/new', content_type: 'json' },
      events: ['push'],
      active: true,
    });
    const view = record(r.stdout);
    const hook = hooksOf('alice', 'teapot').find((h) => String(h.id) === view.id);
    expect(hook).toMatchObject({ type: 'gitea', url: 'https://ci.example.com/new', content_type: 'json', events: ['push'], active: true });
    expect(r.stderr).toBe(`✓ Added active webhook ${view.id} to alice/teapot for push\n`);
  });

  it('sends active false with --inactive, and the chosen type, events and content type', async () => {
    const r = await s.kettle([
      'hook',
      'add',
      '-R',
      'alice/teapot',
      '--url',
      'http://chat.example.com/x',
      '--type',
      'slack',
      '--channel',
      'tea',
      '--events',
      'push,issues',
      '--content-type',
      'form',
      '--inactive',
      '--json',
    ]);
    expectExit(r, 0);
    const made = json<{ id: number; active: boolean; events: string[] }>(r);
    expect(made).toMatchObject({ active: false, events: ['push', 'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'] });
    expect(sent(s, 'POST')[0]?.body).toMatchObject({ type: 'slack', active: false, events: ['push', 'issues'], config: { content_type: 'form', channel: 'tea' } });
    expect(hooksOf('alice', 'teapot').find((h) => h.id === made.id)).toMatchObject({ type: 'slack', active: false, content_type: 'form' });
  });

  it('reads the secret from standard input or a file, and never prints it', async () => {
    const secret = 'pssst-kettle-7731';
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/signed', '--secret-file', '-', '--json'], { input: `${secret}\n` });
    expectExit(r, 0);
    const made = json<{ id: number }>(r);
    expect(hooksOf('alice', 'teapot').find((h) => h.id === made.id)?.secret).toBe(secret);
    expect(r.stdout + r.stderr).not.toContain(secret);

    const file = join(s.dir, 'secret.txt');
    writeFileSync(file, `${secret}-file\n`, { mode: 0o600 });
    const f = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/signed2', '--secret-file', file, '--debug']);
    expectExit(f, 0);
    const id = record(f.stdout).id;
    expect(hooksOf('alice', 'teapot').find((h) => String(h.id) === id)?.secret).toBe(`${secret}-file`);
    expect(f.stdout + f.stderr).not.toContain(secret);
  });

  it.each([
    [['--url', 'ftp://ci.example.com/x'], /--url "ftp:\/\/ci\.example\.com\/x"/],
    [['--url', 'not a url'], /--url/],
    [['--url', 'https://ci.example.com', '--events', 'push,explode'], /unknown event in --events: explode/],
    [['--url', 'https://ci.example.com', '--events', ','], /--events/],
    [['--url', 'https://ci.example.com', '--content-type', 'xml'], /--content-type/],
    [['--url', 'https://ci.example.com', '--secret', 'a', '--secret-file', 'b'], /--secret or --secret-file/],
    [[], /--url is required/],
  ])('refuses %j before any request', async (flags, mention) => {
    expectUsage(s, await s.kettle(['hook', 'add', '-R', 'alice/teapot', ...flags]), mention);
  });

  it('names the missing repository', async () => {
    expectFailure(await s.kettle(['hook', 'add', '-R', 'alice/nope', '--url', 'https://ci.example.com']), 'repository alice/nope not found');
  });
});
