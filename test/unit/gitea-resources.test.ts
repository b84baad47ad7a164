// The typed resource layer (src/api/gitea/): each function sends the request
// the commands send, through a real ApiClient, to the in-memory server, and
// hands back the record it answered with. Every function, the ones the server
// lacks included, must send only requests Gitea's and Forgejo's descriptions
// allow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, type RawApiResponse, type RequestOptions } from '../../src/api/client.js';
import * as branches from '../../src/api/gitea/branches.js';
import * as hooks from '../../src/api/gitea/hooks.js';
import * as issues from '../../src/api/gitea/issues.js';
import * as actions from '../../src/api/gitea/actions-secrets.js';
import * as keys from '../../src/api/gitea/keys.js';
import * as labels from '../../src/api/gitea/labels.js';
import * as milestones from '../../src/api/gitea/milestones.js';
import * as notifications from '../../src/api/gitea/notifications.js';
import * as orgs from '../../src/api/gitea/orgs.js';
import * as packages from '../../src/api/gitea/packages.js';
import * as pulls from '../../src/api/gitea/pulls.js';
import * as releases from '../../src/api/gitea/releases.js';
import * as settings from '../../src/api/gitea/repo-settings.js';
import * as repos from '../../src/api/gitea/repos.js';
import * as search from '../../src/api/gitea/search.js';
import type { AccessToken } from '../../src/api/gitea/types.js';
import * as users from '../../src/api/gitea/users.js';
import { pageWindow } from '../../src/api/paginate.js';
import { buildUrl } from '../../src/api/url.js';
import { ApiError } from '../../src/errors.js';
import { checkRequest, type SentRequest } from '../contract/check.js';
import { ROOT } from '../support/harness.js';
import { SPEC_VARIANT, startServer, type TestServer } from '../server/index.js';
import { deriveFixture, SERVERS } from '../tools/derive-gitea-fixture.js';

const teapot = { owner: 'alice', name: 'teapot' };
const window = pageWindow({ limit: 50 });

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

describe('against the in-memory server', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startServer({ seed: 'demo' });
    // A kettle User-Agent: the contract check looks at these requests too.
    api = new ApiClient({ root: server.apiUrl, credentials: { method: 'header', token: server.addToken('alice') }, userAgent: 'kettle/0.0.0-test' });
  });
  afterAll(async () => {
    await api.close();
    await server.close();
  });
  beforeEach(() => {
    server.clearFaults();
    server.resetRequests();
    server.resetSettings();
  });

  /** What the server received: method, path, query and decoded body. */
  const received = () => server.requests.map((r) => ({ method: r.method, path: r.path, query: r.query, body: r.body }));

  describe('users', () => {
    it('me: GET /user', async () => {
      const me = await users.me(api);
      expect(me.login).toBe('alice');
      expect(received()).toEqual([{ method: 'GET', path: '/user', query: {}, body: undefined }]);
    });

    it('me with other credentials: sent with those', async () => {
      const me = await users.me(api, { method: 'basic', user: 'bob', password: 'bob-password' });
      expect(me.login).toBe('bob');
      expect(server.requests[0]?.auth).toBe('basic');
    });

    it('get: GET /users/{username}', async () => {
      const bob = await users.get(api, 'bob');
      expect(bob).toMatchObject({ login: 'bob', full_name: 'Bob Builder' });
      expect(received().map((r) => r.path)).toEqual(['/users/bob']);
    });

    it('createToken: POST /users/{username}/tokens with Basic, and its secret', async () => {
      // /user needs read:user (tokenRequiresScopes), which the token is given.
      const token = await users.createToken(api, 'carol', { name: 'kettle-test', scopes: ['write:issue', 'read:user'] }, { method: 'basic', user: 'carol', password: 'carol-password' });
      const secret = users.tokenSecret(token);
      expect(secret).toMatch(/^[0-9a-f]{40}$/);
      expect(received()).toEqual([{ method: 'POST', path: '/users/carol/tokens', query: {}, body: { name: 'kettle-test', scopes: ['write:issue', 'read:user'] } }]);
      expect(server.requests[0]?.auth).toBe('basic');
      const check = new ApiClient({ root: server.apiUrl, credentials: { method: 'header', token: secret ?? '' }, userAgent: 'kettle/0.0.0-test' });
      expect((await users.me(check)).login).toBe('carol');
      await check.close();
    });

    it.each([
      [{ sha1: 'abc' }, 'abc'],
      [{ token: 'def' }, 'def'],
      [{ sha1: ' ' }, undefined],
      [{}, undefined],
      [undefined, undefined],
    ])('tokenSecret(%j) is %s', (token, secret) => {
      expect(users.tokenSecret(token as AccessToken | undefined)).toBe(secret);
    });
  });

  describe('repos', () => {
    it('get: GET /repos/{owner}/{repo}, names encoded', async () => {
      const repo = await repos.get(api, teapot);
      expect(repo).toMatchObject({ full_name: 'alice/teapot', private: false });
      await expect(repos.get(api, { owner: 'alice', name: 'tea pot' })).rejects.toMatchObject({ status: 404 });
      expect(received().map((r) => r.path)).toEqual(['/repos/alice/teapot', '/repos/alice/tea%20pot']);
    });

    it('exists: true, false on 404, true on another error', async () => {
      expect(await repos.exists(api, teapot)).toBe(true);
      expect(await repos.exists(api, { owner: 'alice', name: 'nothing' })).toBe(false);
      server.fault({ kind: 'status', status: 500, times: 3 });
      expect(await repos.exists(api, { owner: 'alice', name: 'nothing' })).toBe(true);
    });

    it('create, listMine, delete', async () => {
      const made = await repos.create(api, { name: 'kettle-resources', private: true, auto_init: false, description: 'made by a test' });
      expect(made).toMatchObject({ full_name: 'alice/kettle-resources', private: true, description: 'made by a test' });
      const mine = await collect(repos.listMine(api, window));
      expect(mine.map((r) => r.full_name)).toContain('alice/kettle-resources');
      await repos.delete(api, { owner: 'alice', name: 'kettle-resources' });
      expect(await repos.exists(api, { owner: 'alice', name: 'kettle-resources' })).toBe(false);
      expect(received().slice(0, 3)).toEqual([
        { method: 'POST', path: '/user/repos', query: {}, body: { name: 'kettle-resources', private: true, auto_init: false, description: 'made by a test' } },
        { method: 'GET', path: '/user/repos', query: { page: '1', limit: '50' }, body: undefined },
        { method: 'DELETE', path: '/repos/alice/kettle-resources', query: {}, body: undefined },
      ]);
    });

    it('listForUser', async () => {
      expect((await collect(repos.listForUser(api, 'bob', window))).map((r) => r.full_name)).toEqual(['bob/toolbox']);
      expect(received().map((r) => r.path)).toEqual(['/users/bob/repos']);
    });
  });

  describe('issues', () => {
    it('get: GET the issue path', async () => {
      const issue = await issues.get(api, teapot, 1);
      expect(issue).toMatchObject({ number: 1, title: 'Lid rattles when the water boils', state: 'open' });
      expect(issue.labels?.map((l) => l.name)).toEqual(['bug']);
      expect(received().map((r) => r.path)).toEqual(['/repos/alice/teapot/issues/1']);
    });

    it('create, edit, close and reopen', async () => {
      const bug = server.state.labels.find((l) => l.name === 'bug')?.id as number;
      const made = await issues.create(api, teapot, { title: 'Made by the resource test', body: 'b', labels: [bug], assignee: 'alice' });
      const n = made.number as number;
      expect(made).toMatchObject({ title: 'Made by the resource test', body: 'b', state: 'open' });
      expect((await issues.edit(api, teapot, n, { title: 'Renamed' })).title).toBe('Renamed');
      expect((await issues.setState(api, teapot, n, 'closed')).state).toBe('closed');
      expect((await issues.setState(api, teapot, n, 'open')).state).toBe('open');
      expect((await issues.setState(api, teapot, n, 'closed')).state).toBe('closed');
      expect(received()).toEqual([
        { method: 'POST', path: '/repos/alice/teapot/issues', query: {}, body: { title: 'Made by the resource test', body: 'b', labels: [bug], assignee: 'alice' } },
        { method: 'PATCH', path: `/repos/alice/teapot/issues/${n}`, query: {}, body: { title: 'Renamed' } },
        { method: 'PATCH', path: `/repos/alice/teapot/issues/${n}`, query: {}, body: { state: 'closed' } },
        { method: 'PATCH', path: `/repos/alice/teapot/issues/${n}`, query: {}, body: { state: 'open' } },
        { method: 'PATCH', path: `/repos/alice/teapot/issues/${n}`, query: {}, body: { state: 'closed' } },
      ]);
    });

    it('list: the issues only, in the given state', async () => {
      const open = await collect(issues.list(api, teapot, window, { state: 'open' }));
      expect(open.map((i) => i.title)).toEqual(['Add a whistle', 'Spout drips after pouring', 'Lid rattles when the water boils']);
      expect(received()).toEqual([{ method: 'GET', path: '/repos/alice/teapot/issues', query: { state: 'open', type: 'issues', page: '1', limit: '50' }, body: undefined }]);
    });

    it("searchAll: GET /issues where the server has it (the API description's variant)", async () => {
      server.set(SPEC_VARIANT);
      let fellBack = false;
      const found = await collect(issues.searchAll(api, window, { filter: 'created', state: 'all' }, { onFallback: () => (fellBack = true) }));
      expect(found.length).toBeGreaterThan(0);
      expect(fellBack).toBe(false);
      expect(received()).toEqual([{ method: 'GET', path: '/issues', query: { filter: 'created', state: 'all', type: 'issues', page: '1', limit: '50' }, body: undefined }]);
    });

    it('searchAll: /repos/issues/search with the filter as its flag where GET /issues is missing (Gitea)', async () => {
      let fellBack = false;
      const found = await collect(issues.searchAll(api, window, { filter: 'created', state: 'open' }, { onFallback: () => (fellBack = true) }));
      expect(fellBack).toBe(true);
      expect(found.map((i) => i.repository?.full_name)).toContain('alice/teapot');
      expect(received().map((r) => [r.path, r.query])).toEqual([
        ['/issues', { filter: 'created', state: 'open', type: 'issues', page: '1', limit: '50' }],
        ['/repos/issues/search', { state: 'open', type: 'issues', created: 'true', page: '1', limit: '50' }],
      ]);
    });

    it('searchAll: a filter the search endpoint cannot express is a typed error naming the filters it has', async () => {
      const err = await collect(issues.searchAll(api, window, { filter: 'subscribed' })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(issues.UnsupportedFilterError);
      expect(err).toMatchObject({ filter: 'subscribed', supported: ['all', 'created', 'assigned', 'mentioned', 'review_requested', 'reviewed'] });
    });

    it('a body of the wrong shape is an ApiError naming the request', async () => {
      server.fault({ kind: 'wrongShape', path: '/repos/alice/teapot/issues/2' });
      const err = await issues.get(api, teapot, 2).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as Error).message).toBe('expected a JSON object from GET /repos/alice/teapot/issues/2 but the server answered 200 OK with a list');
    });
  });

  describe('labels', () => {
    it('list and create', async () => {
      const made = await labels.create(api, teapot, { name: 'resource-test', color: '00ff00', description: 'd' });
      expect(made).toMatchObject({ name: 'resource-test', description: 'd' });
      const all = await collect(labels.list(api, teapot, window));
      expect(all.map((l) => l.name)).toEqual(expect.arrayContaining(['bug', 'enhancement', 'resource-test']));
      expect(received().map((r) => [r.method, r.path, r.body])).toEqual([
        ['POST', '/repos/alice/teapot/labels', { name: 'resource-test', color: '00ff00', description: 'd' }],
        ['GET', '/repos/alice/teapot/labels', undefined],
      ]);
    });
  });

  describe('pulls', () => {
    it('list, get, create and merge', async () => {
      const open = await collect(pulls.list(api, teapot, window, { state: 'open' }));
      expect(open.map((pr) => pr.head?.ref)).toEqual(['feature/lid']);
      const made = await pulls.create(api, teapot, { title: 'Fix the spout', head: 'fix/spout', base: 'main', body: 'Drips no more.' });
      const n = made.number as number;
      expect(made).toMatchObject({ title: 'Fix the spout', state: 'open' });
      expect(made.base?.ref).toBe('main');
      // The server checks a new pull request in the background before it may be merged
      // (test/server/routes-pulls.ts PullExtra.checking): a merge at once would be refused with 405.
      await expect(pulls.merge(api, teapot, n, { Do: 'squash' })).rejects.toSatisfy(pulls.stillChecking);
      await pulls.get(api, teapot, n);
      await pulls.merge(api, teapot, n, { Do: 'squash', MergeMessageField: 'Squashed' });
      const merged = await pulls.get(api, teapot, n);
      expect(merged.merged).toBe(true);
      expect(received()).toEqual([
        { method: 'GET', path: '/repos/alice/teapot/pulls', query: { state: 'open', page: '1', limit: '50' }, body: undefined },
        { method: 'POST', path: '/repos/alice/teapot/pulls', query: {}, body: { title: 'Fix the spout', head: 'fix/spout', base: 'main', body: 'Drips no more.' } },
        { method: 'POST', path: `/repos/alice/teapot/pulls/${n}/merge`, query: {}, body: { Do: 'squash', do: 'squash' } },
        { method: 'GET', path: `/repos/alice/teapot/pulls/${n}`, query: {}, body: undefined },
        { method: 'POST', path: `/repos/alice/teapot/pulls/${n}/merge`, query: {}, body: { Do: 'squash', do: 'squash', MergeMessageField: 'Squashed', merge_message_field: 'Squashed' } },
        { method: 'GET', path: `/repos/alice/teapot/pulls/${n}`, query: {}, body: undefined },
      ]);
    });
  });

  describe('orgs', () => {
    it('list, get and create', async () => {
      expect((await collect(orgs.list(api, window))).map((o) => o.username ?? o.name)).toEqual(['wonderland']);
      expect((await orgs.get(api, 'wonderland')).full_name).toBe('Wonderland Tea Co.');
      const made = await orgs.create(api, { username: 'resource-org', full_name: 'Resource Org' });
      expect(made).toMatchObject({ full_name: 'Resource Org' });
      expect(received().map((r) => [r.method, r.path, r.body])).toEqual([
        ['GET', '/user/orgs', undefined],
        ['GET', '/orgs/wonderland', undefined],
        ['POST', '/orgs', { username: 'resource-org', full_name: 'Resource Org' }],
      ]);
    });
  });

  describe('hooks', () => {
    it('list and create', async () => {
      const before = await collect(hooks.list(api, teapot, window));
      expect(before.map((h) => h.config?.url)).toContain('https://ci.example.com/hook');
      const body = { type: 'gitea' as const, config: { url: 'https://example.com/x', content_type: 'json' }, events: ['release'], active: false };
      const made = await hooks.create(api, teapot, body);
      expect(made).toMatchObject({ type: 'gitea', events: ['release'], active: false });
      expect(made.config?.url).toBe('https://example.com/x');
      expect(received().map((r) => [r.method, r.path, r.body])).toEqual([
        ['GET', '/repos/alice/teapot/hooks', undefined],
        ['POST', '/repos/alice/teapot/hooks', body],
      ]);
    });
  });
});

/** A client that answers every request itself and keeps what it would have sent. */
class RecordingClient extends ApiClient {
  readonly sent: SentRequest[] = [];
  answer = '{}';
  constructor() {
    super({ root: 'http://forge.invalid/api/v1', credentials: { method: 'none' }, userAgent: 'kettle/0.0.0-test' });
  }
  override async requestRaw(method: string, path: string, opts: RequestOptions = {}): Promise<RawApiResponse> {
    const url = buildUrl(this.root, path, opts.query);
    const bodyText = opts.body === undefined ? '' : JSON.stringify(opts.body);
    this.sent.push({
      method,
      path: url.pathname.slice('/api/v1'.length),
      query: Object.fromEntries(url.searchParams),
      headers: bodyText ? { 'content-type': 'application/json', ...opts.headers } : { ...opts.headers },
      bodyText,
    });
    return { status: 200, headers: {}, text: this.answer, url: url.href };
  }
}

describe('every function, against both descriptions', () => {
  const fixtures = SERVERS.map((server) => {
    const swagger = JSON.parse(readFileSync(join(ROOT, server.swagger), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const endpoints = Object.entries(swagger.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => [m.toUpperCase(), path] as const),
    );
    return deriveFixture(swagger, server.swagger, endpoints);
  });
  const org = 'wonderland';
  const list = '[]';
  const one = '{}';
  /** A made webhook: its answer must carry the id (hooks.ts). */
  const hook = '{"id":1}';
  const none = '';

  // [name, answer the server gives, call]; the answer is what the function expects.
  const calls: Array<[string, string, (api: ApiClient) => Promise<unknown> | AsyncIterable<unknown>]> = [
    ['users.me', one, (api) => users.me(api)],
    ['users.get', one, (api) => users.get(api, 'bob')],
    ['users.createToken', one, (api) => users.createToken(api, 'bob', { name: 't', scopes: ['read:user'] }, { method: 'basic', user: 'bob', password: 'pw' })],
    ['repos.get', one, (api) => repos.get(api, teapot)],
    ['repos.exists', one, (api) => repos.exists(api, teapot)],
    ['repos.create', one, (api) => repos.create(api, { name: 'x', private: true, auto_init: true, description: 'd' })],
    ['repos.createInOrg', one, (api) => repos.createInOrg(api, org, { name: 'x' })],
    ['repos.edit', one, (api) => repos.edit(api, teapot, { description: 'd', private: false })],
    ['repos.delete', none, (api) => repos.delete(api, teapot)],
    ['repos.fork', one, (api) => repos.fork(api, teapot, { organization: org })],
    ['repos.listMine', list, (api) => repos.listMine(api, window)],
    ['repos.listForUser', list, (api) => repos.listForUser(api, 'bob', window)],
    ['repos.combinedStatus', one, (api) => repos.combinedStatus(api, teapot, 'feature/lid')],
    ['branches.listBranches', list, (api) => branches.listBranches(api, teapot, window)],
    ['branches.getBranch', one, (api) => branches.getBranch(api, teapot, 'feature/lid')],
    ['branches.createBranch', one, (api) => branches.createBranch(api, teapot, { new_branch_name: 'x', old_ref_name: 'main' })],
    ['branches.renameBranch', none, (api) => branches.renameBranch(api, teapot, 'feature/lid', { name: 'feature/cap' })],
    ['branches.deleteBranch', none, (api) => branches.deleteBranch(api, teapot, 'feature/lid')],
    ['branches.listTags', list, (api) => branches.listTags(api, teapot, window)],
    ['branches.getTag', one, (api) => branches.getTag(api, teapot, 'v1.0')],
    ['branches.createTag', one, (api) => branches.createTag(api, teapot, { tag_name: 'v2', target: 'main', message: 'm' })],
    ['branches.deleteTag', none, (api) => branches.deleteTag(api, teapot, 'v0.9')],
    ['settings.isStarred', none, (api) => settings.isStarred(api, teapot)],
    ['settings.star', none, (api) => settings.star(api, teapot)],
    ['settings.unstar', none, (api) => settings.unstar(api, teapot)],
    ['settings.listCollaborators', list, (api) => settings.listCollaborators(api, teapot, window)],
    ['settings.isCollaborator', none, (api) => settings.isCollaborator(api, teapot, 'bob')],
    ['settings.addCollaborator', none, (api) => settings.addCollaborator(api, teapot, 'bob', 'read')],
    ['settings.removeCollaborator', none, (api) => settings.removeCollaborator(api, teapot, 'bob')],
    ['settings.listTopics', '{"topics":[]}', (api) => settings.listTopics(api, teapot)],
    ['settings.addTopic', none, (api) => settings.addTopic(api, teapot, 'tea')],
    ['settings.removeTopic', none, (api) => settings.removeTopic(api, teapot, 'tea')],
    ['settings.setTopics', none, (api) => settings.setTopics(api, teapot, ['tea', 'kitchen'])],
    [
      'settings.migrate',
      one,
      (api) =>
        settings.migrate(api, {
          clone_addr: 'https://git.example.com/a/b.git',
          repo_name: 'b',
          repo_owner: org,
          service: 'github',
          mirror: true,
          mirror_interval: '8h',
          private: true,
          auth_username: 'u',
          auth_password: 'p',
          auth_token: 't',
          issues: true,
          labels: true,
          milestones: true,
          releases: true,
          pull_requests: true,
          wiki: true,
          lfs: true,
          description: 'd',
        }),
    ],
    ['settings.mirrorSync', none, (api) => settings.mirrorSync(api, teapot)],
    ['keys.listSshKeys', list, (api) => keys.listSshKeys(api, window)],
    ['keys.addSshKey', one, (api) => keys.addSshKey(api, { key: 'ssh-ed25519 AAAA', title: 't' })],
    ['keys.deleteSshKey', none, (api) => keys.deleteSshKey(api, 3)],
    ['keys.listDeployKeys', list, (api) => keys.listDeployKeys(api, teapot, window)],
    ['keys.addDeployKey', one, (api) => keys.addDeployKey(api, teapot, { key: 'ssh-ed25519 AAAA', title: 't', read_only: true })],
    ['keys.deleteDeployKey', none, (api) => keys.deleteDeployKey(api, teapot, 3)],
    ['keys.listGpgKeys', list, (api) => keys.listGpgKeys(api, window)],
    ['keys.addGpgKey', one, (api) => keys.addGpgKey(api, '-----BEGIN PGP PUBLIC KEY BLOCK-----')],
    ['keys.deleteGpgKey', none, (api) => keys.deleteGpgKey(api, 3)],
    ['issues.get', one, (api) => issues.get(api, teapot, 1)],
    ['issues.create', one, (api) => issues.create(api, teapot, { title: 't', body: 'b', labels: [1], assignee: 'bob' })],
    ['issues.edit', one, (api) => issues.edit(api, teapot, 1, { title: 't', body: 'b' })],
    ['issues.setState', one, (api) => issues.setState(api, teapot, 1, 'closed')],
    ['issues.list', list, (api) => issues.list(api, teapot, window, { state: 'all' })],
    [
      'issues.list (filters)',
      list,
      (api) =>
        issues.list(api, teapot, window, {
          labels: 'bug,ui',
          milestones: 'v1',
          assigned_by: 'bob',
          created_by: 'alice',
          mentioned_by: 'carol',
          q: 'lid',
          since: '2026-01-01T00:00:00+01:00',
          before: '2026-02-01T23:59:59+01:00',
        }),
    ],
    ['issues.create (triage)', one, (api) => issues.create(api, teapot, { title: 't', assignees: ['bob'], milestone: 2, due_date: '2026-03-01T23:59:59Z' })],
    ['issues.edit (triage)', one, (api) => issues.edit(api, teapot, 1, { assignees: [], milestone: 0, unset_due_date: true })],
    ['issues.delete', none, (api) => issues.delete(api, teapot, 1)],
    ['issues.involving', list, (api) => issues.involving(api, 'mentioned', window)],
    ['labels.listOrg', list, (api) => labels.listOrg(api, org, window)],
    ['issues.listComments', list, (api) => issues.listComments(api, teapot, 1)],
    ['issues.createComment', one, (api) => issues.createComment(api, teapot, 1, { body: 'b' })],
    ['issues.editComment', one, (api) => issues.editComment(api, teapot, 7, { body: 'b' })],
    ['issues.addLabels', list, (api) => issues.addLabels(api, teapot, 1, { labels: [1, 2] })],
    ['issues.removeLabel', none, (api) => issues.removeLabel(api, teapot, 1, 3)],
    ['labels.list', list, (api) => labels.list(api, teapot, window)],
    ['labels.get', one, (api) => labels.get(api, teapot, 1)],
    ['labels.create', one, (api) => labels.create(api, teapot, { name: 'n', color: '#00ff00', description: 'd' })],
    ['labels.edit', one, (api) => labels.edit(api, teapot, 1, { name: 'n' })],
    ['labels.delete', none, (api) => labels.delete(api, teapot, 1)],
    ['milestones.list', list, (api) => milestones.list(api, teapot, window, { state: 'open', name: 'v1' })],
    ['milestones.get', one, (api) => milestones.get(api, teapot, 1)],
    ['milestones.create', one, (api) => milestones.create(api, teapot, { title: 'v1', due_on: '2030-01-01T00:00:00Z' })],
    ['milestones.edit', one, (api) => milestones.edit(api, teapot, 1, { state: 'closed' })],
    ['milestones.delete', none, (api) => milestones.delete(api, teapot, 1)],
    ['pulls.get', one, (api) => pulls.get(api, teapot, 5)],
    ['pulls.list', list, (api) => pulls.list(api, teapot, window, { state: 'closed' })],
    ['pulls.create', one, (api) => pulls.create(api, teapot, { title: 't', head: 'h', base: 'main', body: 'b' })],
    ['pulls.merge', none, (api) => pulls.merge(api, teapot, 5, { Do: 'rebase', MergeMessageField: 'm' })],
    ['pulls.diff', 'diff --git a/x b/x', (api) => pulls.diff(api, teapot, 5)],
    ['pulls.listReviews', list, (api) => pulls.listReviews(api, teapot, 5, window)],
    ['pulls.createReview', one, (api) => pulls.createReview(api, teapot, 5, { event: 'APPROVED', body: 'ok' })],
    ['pulls.requestReviewers', list, (api) => pulls.requestReviewers(api, teapot, 5, { reviewers: ['bob'] })],
    ['orgs.list', list, (api) => orgs.list(api, window)],
    ['orgs.get', one, (api) => orgs.get(api, org)],
    ['orgs.create', one, (api) => orgs.create(api, { username: 'o', full_name: 'O' })],
    ['orgs.delete', none, (api) => orgs.delete(api, org)],
    ['hooks.list', list, (api) => hooks.list(api, teapot, window)],
    ['hooks.get', one, (api) => hooks.get(api, teapot, 1)],
    ['hooks.create', hook, (api) => hooks.create(api, teapot, { type: 'gitea', config: { url: 'https://x', content_type: 'json', secret: 's' }, events: ['push'], active: true })],
    ['hooks.edit', hook, (api) => hooks.edit(api, teapot, 1, { active: false, events: ['issues'] })],
    ['hooks.delete', none, (api) => hooks.delete(api, teapot, 1)],
    ['hooks.test', none, (api) => hooks.test(api, teapot, 1, 'main')],
    ['hooks.listForOrg', list, (api) => hooks.listForOrg(api, org, window)],
    ['hooks.getForOrg', one, (api) => hooks.getForOrg(api, org, 1)],
    ['hooks.createForOrg', hook, (api) => hooks.createForOrg(api, org, { type: 'gitea', config: { url: 'https://x', content_type: 'json' } })],
    ['hooks.editForOrg', hook, (api) => hooks.editForOrg(api, org, 1, { active: true })],
    ['hooks.deleteForOrg', none, (api) => hooks.deleteForOrg(api, org, 1)],
    ['releases.list', list, (api) => releases.list(api, teapot, window, { draft: false, 'pre-release': true })],
    ['releases.get', one, (api) => releases.get(api, teapot, 1)],
    ['releases.getByTag', one, (api) => releases.getByTag(api, teapot, 'v1.0')],
    ['releases.create', one, (api) => releases.create(api, teapot, { tag_name: 'v1.0', name: 'One', body: 'b', draft: true, prerelease: false, target_commitish: 'main' })],
    ['releases.edit', one, (api) => releases.edit(api, teapot, 1, { name: 'One', draft: false })],
    ['releases.delete', none, (api) => releases.delete(api, teapot, 1)],
    ['releases.deleteAsset', none, (api) => releases.deleteAsset(api, teapot, 1, 2)],
    ['releases.latest', one, (api) => releases.latest(api, teapot)],
    ['releases.deleteTag', none, (api) => releases.deleteTag(api, teapot, 'v1.0')],
    ['notifications.list', list, (api) => notifications.list(api, window, { statuses: ['unread', 'pinned'], types: ['issue', 'pull'] })],
    ['notifications.list (repository, all)', list, (api) => notifications.list(api, window, { all: true }, teapot)],
    ['notifications.get', one, (api) => notifications.get(api, 3)],
    ['notifications.markRead', one, (api) => notifications.markRead(api, 3)],
    ['notifications.markAllRead', list, (api) => notifications.markAllRead(api)],
    ['notifications.markAllRead (repository)', list, (api) => notifications.markAllRead(api, teapot)],
    ['notifications.unreadCount', '{"new":2}', (api) => notifications.unreadCount(api)],
    ['search.repos', '{"ok":true,"data":[]}', (api) => search.repos(api, window, { q: 'tea', topic: true, uid: 3, exclusive: true, sort: 'stars', order: 'desc', archived: false })],
    ['search.users', '{"ok":true,"data":[]}', (api) => search.users(api, window, 'ali')],
    ...(['repo', 'org', 'user'] as const).flatMap((kind): Array<[string, string, (api: ApiClient) => Promise<unknown> | AsyncIterable<unknown>]> => {
      const scope: actions.ActionsScope = kind === 'repo' ? { kind, repo: teapot } : kind === 'org' ? { kind, org } : { kind };
      return [
        ...(scope.kind !== 'user'
          ? [[`actions.listSecrets (${kind})`, list, (api: ApiClient) => actions.listSecrets(api, scope, window)] as [string, string, (api: ApiClient) => AsyncIterable<unknown>]]
          : []),
        [`actions.putSecret (${kind})`, none, (api) => actions.putSecret(api, scope, 'TOKEN', 'v')],
        [`actions.deleteSecret (${kind})`, none, (api) => actions.deleteSecret(api, scope, 'TOKEN')],
        [`actions.listVariables (${kind})`, list, (api) => actions.listVariables(api, scope, window)],
        [`actions.getVariable (${kind})`, one, (api) => actions.getVariable(api, scope, 'REGION')],
        [`actions.createVariable (${kind})`, none, (api) => actions.createVariable(api, scope, 'REGION', 'eu')],
        [`actions.updateVariable (${kind})`, none, (api) => actions.updateVariable(api, scope, 'REGION', 'eu')],
        [`actions.deleteVariable (${kind})`, none, (api) => actions.deleteVariable(api, scope, 'REGION')],
      ];
    }),
    ['search.issues', list, (api) => search.issues(api, window, { q: 'lid', state: 'all', type: 'pulls', labels: 'bug,ui', owner: org, review_requested: true, created: true, assigned: true })],
    // Runner endpoints and package links are in some releases only: the commands' tests check those against each release's description.
    ['packages.listPackages', list, (api) => packages.listPackages(api, 'alice', window, { type: 'generic', q: 'tea' })],
    ['packages.getPackage', one, (api) => packages.getPackage(api, { owner: 'alice', type: 'generic', name: 'tea tools' }, '1.0.0')],
    ['packages.deletePackage', none, (api) => packages.deletePackage(api, { owner: 'alice', type: 'generic', name: 'tea-tools' }, '1.0.0')],
  ];

  it.each(calls)('%s', async (_name, answer, call) => {
    const api = new RecordingClient();
    api.answer = answer;
    const result = call(api);
    if (Symbol.asyncIterator in result) await collect(result as AsyncIterable<unknown[]>);
    else await result;
    expect(api.sent).toHaveLength(1);
    const request = api.sent[0] as SentRequest;
    expect(fixtures.flatMap((fixture) => checkRequest(fixture, request).map((problem) => `${problem} [${fixture.server}]`))).toEqual([]);
  });

  it('the check would catch a wrong path or body', () => {
    const [gitea] = fixtures;
    const sent = (path: string, body?: unknown): SentRequest => ({ method: 'POST', path, query: {}, headers: { 'content-type': 'application/json' }, bodyText: JSON.stringify(body ?? {}) });
    expect(checkRequest(gitea!, sent('/repos/a/b/issue/1/comments', { body: 'x' }))).not.toEqual([]);
    expect(checkRequest(gitea!, sent('/repos/a/b/issues/1/comments', { text: 'x' }))).not.toEqual([]);
  });

  it('a list answered with a record is refused', async () => {
    const api = new RecordingClient();
    await expect(issues.listComments(api, teapot, 1)).rejects.toThrow(/expected a JSON list from GET \/repos\/alice\/teapot\/issues\/1\/comments/);
  });

  it('diff: asks for text, and turns an error status into an ApiError', async () => {
    const api = new RecordingClient();
    api.answer = 'diff --git a/x b/x\n';
    expect(await pulls.diff(api, teapot, 5, 'patch')).toBe('diff --git a/x b/x\n');
    expect(api.sent[0]).toMatchObject({ path: '/repos/alice/teapot/pulls/5.patch', headers: { accept: 'text/plain' } });
    const failing = new (class extends RecordingClient {
      override async requestRaw(): Promise<RawApiResponse> {
        return { status: 404, headers: { 'content-type': 'application/json' }, text: '{"message":"pull request does not exist"}', url: '' };
      }
    })();
    await expect(pulls.diff(failing, teapot, 5)).rejects.toMatchObject({ status: 404, message: 'pull request does not exist (HTTP 404)' });
  });
});
