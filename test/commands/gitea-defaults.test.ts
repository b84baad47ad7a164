// The in-memory server behaves as Gitea 1.23 does unless a test asks for the
// API description's own variants (SPEC_VARIANT): no GET /issues, Link and
// X-Total-Count without X-Page/X-PerPage, token scopes checked by name, query
// tokens accepted (deprecated) unless DISABLE_QUERY_AUTH_TOKEN is set. kettle
// is checked against both, so a flag or scope it gets wrong fails here.
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, sent, useServer } from '../support/suite.js';
import { addReview, extraOf } from '../server/routes-pulls.js';
import { TOKEN_SCOPES } from '../server/routes.js';
import { SPEC_VARIANT } from '../server/index.js';
import type { Issue } from '../server/state.js';

const s = useServer({ runner: 'in-process' });

type Listed = { id: number; title: string };

describe("issue list --all-repos --filter, through Gitea's /repos/issues/search", () => {
  // dora is new: what involves her is exactly what this block makes, one record per filter.
  let dora: string;
  const made: Record<string, Issue> = {};
  beforeAll(() => {
    const state = s.server.state;
    state.addUser('dora', 'Dora Dormouse');
    dora = state.addToken('dora').sha1;
    const repo = state.addRepo('bob', 'filters', { init: true });
    made.created = state.addIssue(repo, 'dora', { title: 'dora wrote this' });
    made.assigned = state.addIssue(repo, 'bob', { title: 'dora must fix this', assignees: ['dora'] });
    made.mentioned = state.addIssue(repo, 'bob', { title: 'dora is mentioned', body: 'what does @dora think?' });
    made.review_requested = state.addIssue(repo, 'bob', { title: 'dora, please review', pull: { head: 'feature-a', base: 'main' } });
    extraOf(state, made.review_requested).requested = ['dora'];
    made.reviewed = state.addIssue(repo, 'bob', { title: 'dora reviewed this', pull: { head: 'feature-b', base: 'main' } });
    addReview(state, made.reviewed, 'dora', 'APPROVED', 'fine');
    state.addIssue(repo, 'bob', { title: 'nothing to do with dora' });
  });

  const asDora = (args: string[]) => s.kettle(args, { env: { KETTLE_TOKEN: dora } });

  it.each(['created', 'assigned', 'mentioned', 'review_requested', 'reviewed'])('--filter %s answers exactly the record that involves the user that way', async (filter) => {
    const r = await asDora(['issue', 'list', '--all-repos', '--filter', filter, '--json']);
    expectExit(r, 0);
    expect(json<Listed[]>(r).map((i) => i.title)).toEqual([made[filter]?.title]);
    expect(sent(s, 'GET', '/issues').map((q) => q.status)).toEqual([404]);
    expect(sent(s, 'GET', '/repos/issues/search')[0]?.query).toMatchObject({ [filter]: 'true' });
  });

  it('--filter all (the default) answers every open issue dora can see, and no flag', async () => {
    const r = await asDora(['issue', 'list', '--all-repos', '--all', '--json']);
    expectExit(r, 0);
    const visible = new Set(s.server.state.repos.filter((repo) => s.server.state.canSee('dora', repo)).map((repo) => repo.id));
    const expected = s.server.state.issues.filter((i) => !i.pull && i.state === 'open' && visible.has(i.repoId));
    expect(
      json<Listed[]>(r)
        .map((i) => i.id)
        .sort(),
    ).toEqual(expected.map((i) => i.id).sort());
    const query = sent(s, 'GET', '/repos/issues/search')[0]?.query ?? {};
    expect(Object.keys(query).filter((k) => ['created', 'assigned', 'mentioned', 'review_requested', 'reviewed'].includes(k))).toEqual([]);
  });

  it("where the server has GET /issues (the API description's variant), kettle uses it and never searches", async () => {
    s.server.set(SPEC_VARIANT);
    const r = await asDora(['issue', 'list', '--all-repos', '--filter', 'created', '--json']);
    expectExit(r, 0);
    expect(json<Listed[]>(r).map((i) => i.title)).toEqual([made.created?.title]);
    expect(sent(s, 'GET', '/issues').map((q) => [q.status, q.query.filter])).toEqual([[200, 'created']]);
    expect(sent(s, 'GET', '/repos/issues/search')).toEqual([]);
  });
});

describe('pagination headers', () => {
  async function headersOf(): Promise<Headers> {
    const res = await fetch(`${s.server.apiUrl}/repos/alice/teapot/issues?limit=1&state=all`, { headers: { authorization: `token ${s.token}` } });
    await res.arrayBuffer();
    return res.headers;
  }

  it("are Gitea's by default: X-Total-Count and Link, no X-Page or X-PerPage", async () => {
    const h = await headersOf();
    expect(Number(h.get('x-total-count'))).toBeGreaterThan(1);
    expect(h.get('link')).toMatch(/rel="next"/);
    expect([h.get('x-page'), h.get('x-perpage')]).toEqual([null, null]);
  });

  it("add X-Page and X-PerPage in the API description's variant", async () => {
    s.server.set(SPEC_VARIANT);
    const h = await headersOf();
    expect([h.get('x-page'), h.get('x-perpage')]).toEqual(['1', '1']);
    expect(h.get('link')).toMatch(/rel="next"/);
  });
});

describe('token scopes, as Gitea 1.23 and Forgejo 11 name them', () => {
  const basic = `Basic ${Buffer.from('alice:alice-password').toString('base64')}`;
  let n = 0;
  async function mint(scopes: string[]): Promise<{ status: number; body: { message?: string; scopes?: string[] } }> {
    const res = await fetch(`${s.server.apiUrl}/users/alice/tokens`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `scope-check-${++n}`, scopes }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }

  it.each([
    ['write:repo', 'a category misspelt'],
    ['repository', 'a category without read: or write:'],
    ['admin:repository', 'a level that does not exist'],
    ['write:issues', 'a plural'],
  ])("refuses %s (%s) with Gitea's 400", async (scope) => {
    expect(await mint(['read:user', scope])).toEqual({ status: 400, body: expect.objectContaining({ message: `invalid access token scope provided: invalid access token scope: ${scope}` }) });
  });

  it('takes every name Gitea accepts', async () => {
    expect(TOKEN_SCOPES).toEqual(
      expect.arrayContaining(['all', 'read:activitypub', 'write:admin', 'read:misc', 'write:notification', 'read:organization', 'write:package', 'read:issue', 'write:repository', 'read:user']),
    );
    expect((await mint(TOKEN_SCOPES)).status).toBe(201);
  });

  it('login add --user mints a token whose every scope the server accepts', async () => {
    const r = await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'alice', '--password', 'alice-password'], { env: { KETTLE_URL: '', KETTLE_TOKEN: '' } });
    expectExit(r, 0);
    const minted = sent(s, 'POST', '/users/alice/tokens');
    expect(minted.map((q) => q.status)).toEqual([201]);
    const scopes = (minted[0]?.body as { scopes: string[] }).scopes;
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes.filter((x) => !TOKEN_SCOPES.includes(x))).toEqual([]);
  });

  it('login add --user mints a token the notification endpoints accept: notification list and status work with it', async () => {
    const env = { KETTLE_URL: '', KETTLE_TOKEN: '' };
    expectExit(await s.kettle(['login', 'add', '--url', s.server.url, '--user', 'alice', '--password', 'alice-password', '--name', 'minted'], { env }), 0);
    const minted = sent(s, 'POST', '/users/alice/tokens');
    expect((minted.at(-1)?.body as { scopes: string[] }).scopes).toContain('write:notification');
    const list = await s.kettle(['notification', 'list', '--login', 'minted'], { env });
    expectExit(list, 0);
    expect(sent(s, 'GET', '/notifications').at(-1)?.status).toBe(200);
  });
});

describe('a token without the scope a command needs', () => {
  it.each([
    ['Gitea', {}, /required=\[read:notification\], token scope=write:repository,write:issue$/],
    ['Forgejo', { forgejo: true }, /required scope\(s\): \[read:notification\]$/],
  ] as const)('%s: the server refuses it as tokenRequiresScopes does, and kettle names the scope in one line with what to do', async (_n, flavor, said) => {
    s.server.set({ flavor });
    const narrow = s.server.state.addToken('alice', `narrow-${_n}`, ['write:repository', 'write:issue']).sha1;
    const env = { KETTLE_TOKEN: narrow };
    const r = await s.kettle(['notification', 'list'], { env });
    expectExit(r, 1);
    expect(r.stderr).toBe(
      'kettle: cannot list your notifications: the token lacks the scope read:notification\n' +
        `  KETTLE_TOKEN has no read:notification: make a token with it in the server's settings, under Applications, or store a login:  kettle login add --url ${s.server.url.replace(/\/api\/v1$/, '')} --user USER\n`,
    );
    expect(sent(s, 'GET', '/notifications').at(-1)?.status).toBe(403);
    // The escape hatch shows the server's own words; the scope is named the same way.
    const api = await s.kettle(['api', '/notifications'], { env });
    expectExit(api, 1);
    const [first, hint, ...rest] = api.stderr.trimEnd().split('\n');
    expect(first).toMatch(/^kettle: GET \/notifications: token does not have at least one of required scope/);
    expect(first).toMatch(new RegExp(`${said.source.replace(/\$$/, '')} \\(HTTP 403\\)$`));
    expect(hint).toMatch(/^ {2}KETTLE_TOKEN has no read:notification: /);
    expect(rest).toEqual([]);
    // What the token has is enough for the rest.
    expectExit(await s.kettle(['issue', 'list', '-R', 'alice/teapot'], { env }), 0);
  });

  it('a stored login: the exact command that logs in again and mints a token with every scope kettle needs', async () => {
    const narrow = s.server.state.addToken('alice', 'narrow-stored', ['write:repository', 'read:user']).sha1;
    const none = { KETTLE_URL: '', KETTLE_TOKEN: '' };
    expectExit(await s.kettle(['login', 'add', '--url', s.server.url, '--name', 'narrow', '--with-token'], { env: none, input: `${narrow}\n` }), 0);
    const r = await s.kettle(['notification', 'list', '--login', 'narrow'], { env: none });
    expectExit(r, 1);
    expect(r.stderr.split('\n')[1]).toBe(
      `  A token with read:notification is needed; log in again to mint one with every scope kettle needs:  kettle login add --url ${s.server.url.replace(/\/api\/v1$/, '')} --name narrow --user alice`,
    );
  });
});

describe('tokens in the query (login add --auth query)', () => {
  const add = () => s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token, '--auth', 'query'], { env: { KETTLE_URL: '', KETTLE_TOKEN: '' } });

  it('are accepted, deprecated, as Gitea 1.23 does by default', async () => {
    expectExit(await add(), 0);
    const check = sent(s, 'GET', '/user');
    expect(check.map((q) => [q.auth, q.status])).toEqual([['query', 200]]);
    expect(check[0]?.headers.authorization).toBeUndefined();
  });

  it('are refused as no credential where DISABLE_QUERY_AUTH_TOKEN is set: exit 4, the token unshown', async () => {
    s.server.set({ flavor: { queryTokensDisabled: true } });
    const r = await add();
    expectExit(r, 4);
    expect(r.stderr).toMatch(/^kettle: /);
    expect(r.stdout + r.stderr).not.toContain(s.token);
  });

  it('say so in the help', async () => {
    const r = await s.kettle(['login', 'add', '--help']);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/query \(the token query parameter: deprecated; Gitea 1\.23 and Forgejo 11 still accept it unless DISABLE_QUERY_AUTH_TOKEN is set\)/);
  });
});
