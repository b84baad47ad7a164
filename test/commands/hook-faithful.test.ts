// Webhook writes against an in-memory server that behaves as Gitea 1.23 and
// 1.26 and Forgejo 11 and 15 do (test/server/hook-rules.ts, after
// routers/api/v1/utils/hook.go addHook and editHook, and
// routers/api/v1/repo/hook.go TestHook), run in-process.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, sent, useServer } from '../support/suite.js';
import { type OrgHook, repoData } from '../server/routes-repos.js';
import type { Hook } from '../server/state.js';
import { RELEASES as FLAVOURS } from '../support/releases.js';

const s = useServer({ runner: 'in-process' });

type Version = { forgejo: boolean; version: string };
const flavour = (v: Version) => s.server.set({ flavor: v });

const SETTINGS = {
  type: 'gitea',
  url: 'https://ci.example.com/h',
  content_type: 'json',
  secret: 'kept-secret-42',
  events: ['push', 'issues', 'pull_request_review', 'release'],
  active: true,
  branch_filter: 'main',
  authorization_header: 'Bearer kept-token',
};

function repoHook(init: Partial<Hook> = {}): Hook {
  const teapot = s.server.state.repo('alice', 'teapot');
  if (!teapot) throw new Error('no alice/teapot');
  return s.server.state.addHook(teapot, { ...SETTINGS, ...init });
}

function orgHook(init: Partial<Hook> = {}): OrgHook {
  const org = s.server.state.org('wonderland');
  if (!org) throw new Error('no wonderland');
  const now = new Date().toISOString();
  const hook: OrgHook = { id: s.server.state.id(), repoId: 0, orgId: org.id, created_at: now, updated_at: now, ...SETTINGS, ...init };
  repoData(s.server.state).orgHooks.push(hook);
  return hook;
}

const target = (kind: string) => (kind === 'repo' ? ['-R', 'alice/teapot'] : ['--org', 'wonderland']);
const make = (kind: string, init: Partial<Hook> = {}): Hook => (kind === 'repo' ? repoHook(init) : orgHook(init));
const path = (kind: string, id: number) => (kind === 'repo' ? `/repos/alice/teapot/hooks/${id}` : `/orgs/wonderland/hooks/${id}`);

describe.each(FLAVOURS)('hook edit on %s', (_name, version) => {
  it.each([['repo'], ['org']])('the server resets what an edit leaves out (a %s webhook)', async (kind) => {
    flavour(version);
    const hook = make(kind);
    // editHook: events default to push; branch_filter and authorization_header are plain strings, reset when absent.
    expectExit(await s.kettle(['api', '-X', 'PATCH', path(kind, hook.id), '-f', 'config[url]=https://ci.example.com/other']), 0);
    expect(hook).toMatchObject({ url: 'https://ci.example.com/other', events: ['push'], branch_filter: '', authorization_header: '', active: true });
  });

  it.each([['repo'], ['org']])('--url keeps the events, branch filter and authorization header (a %s webhook)', async (kind) => {
    flavour(version);
    const hook = make(kind);
    const r = await s.kettle(['hook', 'edit', String(hook.id), ...target(kind), '--url', 'https://ci.example.com/v3']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Edited webhook ${hook.id} of ${kind === 'repo' ? 'alice/teapot' : 'organization wonderland'}: url\n`);
    expect(hook).toMatchObject({ url: 'https://ci.example.com/v3', branch_filter: 'main', authorization_header: 'Bearer kept-token', active: true, content_type: 'json' });
    expect([...hook.events].sort()).toEqual(['issues', 'pull_request_review', 'push', 'release']);
  });

  it('--add-event issues turns on every issue event; the others stay', async () => {
    flavour(version);
    const hook = repoHook({ events: ['push', 'issues'] });
    const r = await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--add-event', 'issues', '--inactive', '--json']);
    expectExit(r, 0);
    expect([...hook.events].sort()).toEqual(['issue_assign', 'issue_comment', 'issue_label', 'issue_milestone', 'issues', 'push']);
    expect(hook).toMatchObject({ active: false, branch_filter: 'main', authorization_header: 'Bearer kept-token' });
  });

  it('--secret-file alone changes nothing: exit 1, nothing sent, saying what to do instead', async () => {
    flavour(version);
    const hook = repoHook();
    const r = await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--secret-file', '-'], { input: 'fresh-secret-99\n' });
    expectExit(r, 1);
    expect(r.stderr).toBe(
      `kettle: webhook ${hook.id} of alice/teapot not changed: the server cannot change a webhook's secret through its API (its edit ignores it): ` +
        `change it on the webhook's settings page in the web interface, or delete webhook ${hook.id} of alice/teapot and add it again with --secret-file\n`,
    );
    expect(sent(s, 'PATCH')).toEqual([]);
    expect(hook.secret).toBe('kept-secret-42');
  });

  it('--secret-file with another change: that change is made and said, the secret is named as not changed, exit 1', async () => {
    flavour(version);
    const hook = repoHook();
    const r = await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--url', 'https://ci.example.com/v4', '--secret-file', '-'], { input: 'fresh-secret-99\n' });
    expectExit(r, 1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`✓ Edited webhook ${hook.id} of alice/teapot: url`);
    expect(lines[1]).toMatch(new RegExp(`^kettle: the secret of webhook ${hook.id} was not changed: the server cannot change a webhook's secret`));
    expect(hook).toMatchObject({ url: 'https://ci.example.com/v4', secret: 'kept-secret-42' });
    expect(r.stdout + r.stderr).not.toContain('fresh-secret-99');
  });

  it('the server ignores a secret sent in an edit', async () => {
    flavour(version);
    const hook = repoHook();
    expectExit(await s.kettle(['api', '-X', 'PATCH', `/repos/alice/teapot/hooks/${hook.id}`, '-f', 'config[secret]=new', '-f', 'events[]=push']), 0);
    expect(hook.secret).toBe('kept-secret-42');
  });
});

describe('event names each server takes', () => {
  it.each([['pull_request_review_approved'], ['pull_request_review_rejected'], ['pull_request_review_comment'], ['schedule']])('%s is taken by no server: refused before any request', async (name) => {
    expectUsage(s, await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/x', '--events', `push,${name}`]), `unknown event in --events: ${name}`);
  });

  it.each([
    ['workflow_job', FLAVOURS[0][1], 'Gitea 1.23.8 has no webhook event workflow_job'],
    ['workflow_run', { forgejo: false, version: '1.24.0' }, 'Gitea 1.24.0 has no webhook event workflow_run'],
    ['status', FLAVOURS[2][1], 'Forgejo 11.0.1 has no webhook event status'],
    ['package', FLAVOURS[2][1], 'Forgejo 11.0.1 has no webhook event package'],
    ['action_run_failure', FLAVOURS[1][1], 'Gitea 1.26.4 has no webhook event action_run_failure'],
  ])('hook add --events %s on %j: exit 2, nothing created', async (name, version, message) => {
    flavour(version);
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/x', '--events', `push,${name}`]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(new RegExp(`^kettle: ${message}; it takes create, delete, fork, push, `));
    expect(sent(s, 'POST')).toEqual([]);
  });

  it.each([
    ['workflow_job', FLAVOURS[1][1]],
    ['workflow_run', FLAVOURS[1][1]],
    ['status', FLAVOURS[0][1]],
    ['package', FLAVOURS[3][1]],
    ['action_run_success', FLAVOURS[3][1]],
  ])('hook add --events %s on %j: made, with that event', async (name, version) => {
    flavour(version);
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/x', '--events', `push,${name}`, '--json']);
    expectExit(r, 0);
    expect(json<{ events: string[] }>(r).events).toEqual(expect.arrayContaining(['push', name]));
  });

  it('the server drops a name it does not take, and shows the review event under its own names (Gitea 1.23)', async () => {
    flavour(FLAVOURS[0][1]);
    const r = await s.kettle([
      'api',
      '-X',
      'POST',
      '/repos/alice/teapot/hooks',
      '-f',
      'type=gitea',
      '-f',
      'config[url]=https://x.example.com',
      '-f',
      'config[content_type]=json',
      '-f',
      'events[]=workflow_job',
      '-f',
      'events[]=pull_request_review_approved',
      '-f',
      'events[]=pull_request_review',
    ]);
    expectExit(r, 0);
    expect(json<{ events: string[] }>(r).events).toEqual(['pull_request_review_approved', 'pull_request_review_rejected']);
  });

  it.each([
    ['--add-event', 'package', FLAVOURS[3][1], "Forgejo 15.0.3 keeps a webhook's package event as it is on an edit"],
    ['--remove-event', 'status', FLAVOURS[0][1], "Gitea 1.23.8 keeps a webhook's status event as it is on an edit"],
  ])('hook edit %s %s on %j: exit 2, nothing sent', async (flag, name, version, message) => {
    flavour(version);
    const hook = repoHook({ events: ['push', 'status'] });
    const r = await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', flag, name]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(new RegExp(`^kettle: ${message}: delete the webhook and add it again`));
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('Gitea 1.26 edits package and status like any other event', async () => {
    flavour(FLAVOURS[1][1]);
    const hook = repoHook({ events: ['push', 'status'] });
    expectExit(await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--remove-event', 'status', '--add-event', 'package']), 0);
    expect([...hook.events].sort()).toEqual(['package', 'push']);
  });

  it('Gitea 1.23: an edit keeps package and status whatever it is sent', async () => {
    flavour(FLAVOURS[0][1]);
    const hook = repoHook({ events: ['push', 'status'] });
    expectExit(await s.kettle(['api', '-X', 'PATCH', `/repos/alice/teapot/hooks/${hook.id}`, '-f', 'events[]=create']), 0);
    expect([...hook.events].sort()).toEqual(['create', 'status']);
  });
});

describe('hook add --type slack', () => {
  it('needs --channel: exit 2 before any request', async () => {
    expectUsage(s, await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://hooks.slack.example.com/x', '--type', 'slack']), '--type slack needs --channel');
    expectUsage(s, await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/x', '--channel', '#builds']), '--channel is for --type slack');
    expectUsage(s, await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/x', '--type', 'slack', '--channel', 'Not Valid']), 'invalid --channel "Not Valid"');
  });

  it('sends the channel; the hook shows it', async () => {
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://hooks.slack.example.com/x', '--type', 'slack', '--channel', '#builds', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST')[0]?.body).toMatchObject({ type: 'slack', config: { channel: '#builds' } });
    expect(json<{ config: Record<string, string> }>(r).config).toMatchObject({ channel: '#builds' });
  });

  it('the server refuses a slack hook without a channel (addHook: 422 Missing config option: channel)', async () => {
    const r = await s.kettle(['api', '-X', 'POST', '/repos/alice/teapot/hooks', '-f', 'type=slack', '-f', 'config[url]=https://x.example.com', '-f', 'config[content_type]=json']);
    expectExit(r, 1);
    expect(r.stdout + r.stderr).toContain('Missing config option: channel');
  });

  it('hook edit --channel keeps the other slack settings', async () => {
    const hook = repoHook({ type: 'slack', slack: { channel: '#old', username: 'kettle-bot', icon_url: '', color: '#00ff00' } });
    expectExit(await s.kettle(['hook', 'edit', String(hook.id), '-R', 'alice/teapot', '--channel', '#new']), 0);
    expect(hook.slack).toEqual({ channel: '#new', username: 'kettle-bot', icon_url: '', color: '#00ff00' });
    expect(hook).toMatchObject({ branch_filter: 'main', authorization_header: 'Bearer kept-token' });
  });
});

describe('hook test', () => {
  const tests = () => repoData(s.server.state).hookTests;

  it.each(FLAVOURS)('a repository without commits: no delivery, exit 1, nothing sent (%s)', async (_name, version) => {
    flavour(version);
    const empty = s.server.state.repo('alice', 'hookless') ?? s.server.state.addRepo('alice', 'hookless', {});
    const hook = s.server.state.addHook(empty, { ...SETTINGS });
    const before = tests().length;
    const r = await s.kettle(['hook', 'test', String(hook.id), '-R', 'alice/hookless']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(new RegExp(`^kettle: no test delivery of webhook ${hook.id} of alice/hookless: alice/hookless has no commits`));
    expect(sent(s, 'POST')).toEqual([]);
    // TestHook answers 204 there all the same, without delivering.
    expectExit(await s.kettle(['api', '-X', 'POST', `/repos/alice/hookless/hooks/${hook.id}/tests`]), 0);
    expect(tests().length).toBe(before);
  });

  it.each([FLAVOURS[0], FLAVOURS[1], FLAVOURS[2]])('a webhook without the push event gets nothing on %s: exit 1', async (_name, version) => {
    flavour(version);
    const hook = repoHook({ events: ['issues'], branch_filter: '' });
    const before = tests().length;
    const r = await s.kettle(['hook', 'test', String(hook.id), '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/it does not listen for push events/);
    expectExit(await s.kettle(['api', '-X', 'POST', `/repos/alice/teapot/hooks/${hook.id}/tests`]), 0);
    expect(tests().length).toBe(before);
  });

  it('a branch filter that leaves out the default branch: exit 1', async () => {
    const hook = repoHook({ branch_filter: 'release/*' });
    const before = tests().length;
    const r = await s.kettle(['hook', 'test', String(hook.id), '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/its branch filter "release\/\*" leaves out the default branch main/);
    expectExit(await s.kettle(['api', '-X', 'POST', `/repos/alice/teapot/hooks/${hook.id}/tests`]), 0);
    expect(tests().length).toBe(before);
  });

  it('Forgejo 15 delivers a test whatever the events and branch filter', async () => {
    flavour(FLAVOURS[3][1]);
    const hook = repoHook({ events: ['issues'], branch_filter: 'release/*' });
    const before = tests().length;
    const r = await s.kettle(['hook', 'test', String(hook.id), '-R', 'alice/teapot']);
    expectExit(r, 0);
    expect(tests().slice(before)).toEqual([{ hookId: hook.id, ref: undefined, sent: true }]);
  });

  it('an inactive webhook: the delivery is recorded, never sent; exit 1 saying so', async () => {
    const hook = repoHook({ active: false });
    const before = tests().length;
    const r = await s.kettle(['hook', 'test', String(hook.id), '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/sends nothing: the webhook is inactive/);
    expect(tests().slice(before)).toEqual([{ hookId: hook.id, ref: undefined, sent: false }]);
  });
});
