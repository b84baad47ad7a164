// kettle hook view|edit|delete|test and organization webhooks (--org), run
// in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, record, sent, useServer } from '../support/suite.js';
import { repoData } from '../server/routes-repos.js';
import type { Hook } from '../server/state.js';

const s = useServer({ runner: 'in-process' });

/** A fresh webhook on alice/teapot. */
function addHook(init: Partial<Hook> = {}): Hook {
  const teapot = s.server.state.repo('alice', 'teapot');
  if (!teapot) throw new Error('no alice/teapot');
  return s.server.state.addHook(teapot, { type: 'gitea', url: 'https://ci.example.com/h', content_type: 'json', secret: 'kept-secret-42', events: ['push'], active: true, ...init });
}

const hookOf = (id: number) => s.server.state.hooks.find((h) => h.id === id);

describe('hook view', () => {
  it('shows the webhook, labelled', async () => {
    const hook = addHook({ events: ['push', 'issues'], content_type: 'form' });
    const r = await s.kettle(['hook', 'view', String(hook.id), '-R', 'alice/teapot']);
    expectExit(r, 0);
    expect(record(r.stdout)).toMatchObject({ id: String(hook.id), type: 'gitea', url: 'https://ci.example.com/h', content_type: 'form', events: 'push,issues', active: 'true' });
    expect(r.stdout).not.toContain('kept-secret-42');
  });

  it.each([['view'], ['list']])('hook %s --json strips config.secret from a server that sends it back', async (verb) => {
    const state = s.server.state;
    const plain = state.hookJson;
    state.hookJson = (h: Hook) => {
      const shown = plain.call(state, h);
      return { ...shown, config: { ...(shown.config as object), secret: h.secret } };
    };
    try {
      const hook = addHook();
      // The server does send it: the strip is kettle's doing.
      expect(JSON.stringify(state.hookJson(hook))).toContain('kept-secret-42');
      const args = verb === 'view' ? ['hook', 'view', String(hook.id)] : ['hook', 'list'];
      const r = await s.kettle([...args, '-R', 'alice/teapot', '--json']);
      expectExit(r, 0);
      expect(r.stdout).not.toContain('kept-secret-42');
      const shown = json<Record<string, unknown> | Array<Record<string, unknown>>>(r);
      const one = (Array.isArray(shown) ? shown.find((h) => h.id === hook.id) : shown) as { config: Record<string, string> };
      expect(one.config).toEqual({ url: 'https://ci.example.com/h', content_type: 'json', http_method: 'post' });
    } finally {
      state.hookJson = plain;
    }
  });

  it('names what is missing, and refuses a malformed id', async () => {
    expectFailure(await s.kettle(['hook', 'view', '9999', '-R', 'alice/teapot']), 'webhook 9999 in alice/teapot not found');
    expectFailure(await s.kettle(['hook', 'view', '1', '-R', 'alice/nope']), 'repository alice/nope not found');
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['hook', 'view', 'x1', '-R', 'alice/teapot']), 'invalid webhook id "x1"');
  });
});

describe('hook edit', () => {
  it('adds and removes events from the current ones, and changes only what is given', async () => {
    const hook = addHook({ events: ['push', 'create'] });
    const r = await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--add-event', 'issues', '--remove-event', 'push', '--inactive']);
    expectExit(r, 0);
    const issueEvents = ['issues_only', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'];
    expect(sent(s, 'PATCH').map((q) => [q.path, q.body])).toEqual([
      [`/repos/alice/teapot/hooks/${hook.id}`, { events: ['create', ...issueEvents], branch_filter: '*', authorization_header: '', active: false }],
    ]);
    expect(hookOf(hook.id)).toMatchObject({ active: false, url: 'https://ci.example.com/h', content_type: 'json' });
    expect(record(r.stdout)).toMatchObject({ events: 'create,issues,issue_assign,issue_label,issue_milestone,issue_comment', active: 'false' });
    expect(r.stderr).toBe(`✓ Edited webhook ${hook.id} of alice/teapot: events, inactive\n`);
  });

  it('--events replaces them; --url and --content-type go in config', async () => {
    const hook = addHook();
    const r = await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--events', 'release,push', '--url', 'https://ci.example.com/v2', '--content-type', 'form', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ config: { url: 'https://ci.example.com/v2', content_type: 'form' }, events: ['release', 'push'], branch_filter: '*', authorization_header: '' });
    expect(json(r)).toMatchObject({ events: ['push', 'release'], config: { url: 'https://ci.example.com/v2', content_type: 'form' } });
  });

  it('an edit that changes nothing sends nothing, says so and succeeds', async () => {
    const hook = addHook({ events: ['push'] });
    const r = await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--add-event', 'push', '--active', '--url', 'https://ci.example.com/h']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`kettle: webhook ${hook.id} of alice/teapot already has those settings; nothing was changed\n`);
    expect(s.server.requests.map((q) => q.method)).toEqual(['GET', 'GET']);
  });

  it.each([
    [['--active', '--inactive'], 'use either --active or --inactive, not both'],
    [[], /nothing to change: give at least one of --url/],
    [['--add-event', 'nonsense'], /unknown event in --add-event: nonsense/],
    [['--add-event', 'push,issues'], /--add-event takes one event/],
    [['--add-event', 'push', '--remove-event', 'push'], /push: both added and removed/],
    [['--url', 'ftp://x'], /invalid --url "ftp:\/\/x"/],
    [['--content-type', 'xml'], /--content-type/],
  ])('%j is refused before any request', async (flags, mention) => {
    expectUsage(s, await s.kettle(['hook', 'edit', '1', '-R', 'alice/teapot', ...flags]), mention);
  });

  it('refuses to remove every event, sending no change', async () => {
    const hook = addHook({ events: ['push'] });
    const r = await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--remove-event', 'push']);
    expectExit(r, 2);
    expect(r.stderr).toBe('kettle: a webhook needs at least one event: that would remove them all\n');
    expect(sent(s, 'PATCH')).toEqual([]);
  });
});

describe('hook delete', () => {
  it('deletes several at once: one line each in the order given, exit 1 naming those that failed', async () => {
    const [a, b] = [addHook(), addHook()];
    const r = await s.kettle(['hook', 'delete', String(b.id), '9999', String(a.id), '-R', 'alice/teapot', '--yes']);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `✓ Deleted webhook ${b.id} of alice/teapot`,
      'kettle: webhook 9999 in alice/teapot not found',
      `✓ Deleted webhook ${a.id} of alice/teapot`,
      'kettle: 1 of 3 webhooks not deleted: 9999',
    ]);
    expect(hookOf(a.id)).toBeUndefined();
    expect(hookOf(b.id)).toBeUndefined();
  });

  it('one id: one line, exit 0', async () => {
    const a = addHook();
    const r = await s.kettle(['hook', 'delete', String(a.id), '-R', 'alice/teapot', '-y']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Deleted webhook ${a.id} of alice/teapot\n`);
    expect(sent(s, 'DELETE').map((q) => q.path)).toEqual([`/repos/alice/teapot/hooks/${a.id}`]);
  });

  it('refuses without a terminal unless --yes, and a malformed id, before any request', async () => {
    const a = addHook();
    expectUsage(s, await s.kettle(['hook', 'delete', String(a.id), '-R', 'alice/teapot']), /refusing to delete webhook \d+ of alice\/teapot without confirmation; pass --yes/);
    expectUsage(s, await s.kettle(['hook', 'delete', String(a.id), '0', '-R', 'alice/teapot', '--yes']), 'invalid webhook id "0"');
    expect(hookOf(a.id)).toBeDefined();
  });
});

describe('hook test', () => {
  it('asks the server for a test delivery', async () => {
    const a = addHook();
    const before = repoData(s.server.state).hookTests.length;
    const r = await s.kettle(['hook', 'test', String(a.id), '-R', 'alice/teapot']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Queued a test delivery (the latest commit on main) to webhook ${a.id} of alice/teapot; the webhook's settings page shows whether it arrived\n`);
    expect(sent(s, 'POST').map((q) => q.path)).toEqual([`/repos/alice/teapot/hooks/${a.id}/tests`]);
    expect(repoData(s.server.state).hookTests.slice(before)).toEqual([{ hookId: a.id, ref: undefined, sent: true }]);
  });

  it('--org is refused: the servers have no test for organization webhooks', async () => {
    expectUsage(s, await s.kettle(['hook', 'test', '3', '--org', 'wonderland']), 'Gitea and Forgejo have no test delivery for organization webhooks');
  });

  it('names a missing webhook', async () => {
    expectFailure(await s.kettle(['hook', 'test', '9999', '-R', 'alice/teapot']), 'webhook 9999 in alice/teapot not found');
  });
});

describe('organization webhooks (--org)', () => {
  it('add, list, view, edit and delete', async () => {
    const add = await s.kettle(['hook', 'add', '--org', 'wonderland', '--url', 'https://audit.example.com/h', '--events', 'repository', '--secret-file', '-', '--json'], { input: 'org-secret\n' });
    expectExit(add, 0);
    expect(sent(s, 'POST').map((q) => [q.path, q.body])).toEqual([
      ['/orgs/wonderland/hooks', { type: 'gitea', config: { url: 'https://audit.example.com/h', content_type: 'json', secret: 'org-secret' }, events: ['repository'], active: true }],
    ]);
    const id = json<{ id: number }>(add).id;
    expect(add.stderr).toBe(`✓ Added active webhook ${id} to organization wonderland for repository\n`);

    const list = json<Array<{ id: number }>>(await s.kettle(['hook', 'list', '--org', 'wonderland', '--json']));
    expect(list.map((h) => h.id)).toEqual([id]);
    expect(record((await s.kettle(['hook', 'view', String(id), '--org', 'wonderland'])).stdout)).toMatchObject({ id: String(id), events: 'repository' });

    const edit = await s.kettle(['hook', 'edit', String(id), '--org', 'wonderland', '--add-event', 'release']);
    expectExit(edit, 0);
    expect(sent(s, 'PATCH').map((q) => [q.path, q.body])).toEqual([[`/orgs/wonderland/hooks/${id}`, { events: ['repository', 'release'], branch_filter: '', authorization_header: '' }]]);

    const del = await s.kettle(['hook', 'delete', String(id), '--org', 'wonderland', '--yes']);
    expectExit(del, 0);
    expect(del.stderr).toBe(`✓ Deleted webhook ${id} of organization wonderland\n`);
    expect(repoData(s.server.state).orgHooks).toEqual([]);
  });

  it('names a missing organization or webhook, and a refusal', async () => {
    expectFailure(await s.kettle(['hook', 'list', '--org', 'nowhere']), 'organization nowhere not found');
    expectFailure(await s.kettle(['hook', 'view', '5', '--org', 'nowhere']), 'organization nowhere not found');
    expectFailure(await s.kettle(['hook', 'view', '9999', '--org', 'wonderland']), 'webhook 9999 in organization wonderland not found');
    s.server.state.addOrg('hatters-hooks', 'Hatters', ['carol']);
    expectFailure(await s.kettle(['hook', 'list', '--org', 'hatters-hooks']), /^kettle: cannot list the webhooks of organization hatters-hooks: permission denied/);
  });

  it('-R and --org together are refused before any request', async () => {
    expectUsage(s, await s.kettle(['hook', 'list', '-R', 'alice/teapot', '--org', 'wonderland']), 'use either -R or --org, not both');
  });
});
