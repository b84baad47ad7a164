// The contract fixtures: derived from Gitea's and Forgejo's OpenAPI
// descriptions (vendored in test/fixtures/), fresh, and the check of kettle's
// requests against them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/harness.js';
import { allEndpoints, freshFixtureText, SERVERS } from '../tools/derive-gitea-fixture.js';
import { checkRequest, checkRequestAll, loadFixture, loadFixtures, SPEC_ONLY, type SentRequest } from './check.js';
import { exempt, verbOf } from './setup.js';

describe.each(SERVERS)('the committed $name fixture', (server) => {
  it('is what the vendored OpenAPI description gives (run `npm run fixture:gitea` when not)', () => {
    const committed = readFileSync(join(ROOT, server.fixture), 'utf8');
    expect(committed === freshFixtureText(ROOT, server), `${server.fixture} is stale: run npm run fixture:gitea`).toBe(true);
  });

  it('holds every endpoint of the description, and none of the spec-only ones', () => {
    const fixture = loadFixture(server.name);
    const swagger = JSON.parse(readFileSync(join(ROOT, server.swagger), 'utf8')) as Parameters<typeof allEndpoints>[0];
    expect(fixture.endpoints.map((e) => [e.method, e.path])).toEqual(allEndpoints(swagger));
    expect(fixture.endpoints.length).toBeGreaterThan(400);
    for (const e of SPEC_ONLY) expect(fixture.endpoints.some((x) => x.method === e.method && x.path === e.path)).toBe(false);
  });

  it('knows the facts kettle depends on', () => {
    const fixture = loadFixture(server.name);
    const find = (method: string, path: string) => fixture.endpoints.find((e) => e.method === method && e.path === path);
    const merge = find('POST', '/repos/{owner}/{repo}/pulls/{index}/merge')?.body;
    // Gitea 1.26 describes `do`; the others `Do` (see the pair kettle sends).
    expect(merge?.required).toEqual([server.name === 'gitea-1.26' || server.name === 'gitea-1.27' ? 'do' : 'Do']);
    expect((merge?.properties?.Do ?? merge?.properties?.do)?.enum).toContain('squash');
    expect(find('POST', '/repos/{owner}/{repo}/hooks')?.body?.properties?.config?.required).toEqual(['content_type', 'url']);
    expect(find('GET', '/repos/{owner}/{repo}/issues')?.query.type?.enum).toEqual(['issues', 'pulls']);
    expect(find('GET', '/repos/{owner}/{repo}/issues')?.query.state?.enum).toEqual(['closed', 'open', 'all']);
    // Forgejo 15's description drops the query-string credentials (kettle warns).
    if (server.name === 'forgejo-15') expect(fixture.authQuery).not.toContain('token');
    else expect(fixture.authQuery).toContain('token');
  });
});

it('names the server of each fixture', () => {
  expect(loadFixtures().map((f) => f.server)).toEqual(['Gitea 1.23.8', 'Forgejo 11.0.1', 'Gitea 1.26.4', 'Forgejo 15.0.3', 'Gitea 1.27.0']);
  expect(loadFixture('gitea').endpoints.find((e) => e.method === 'POST' && e.path === '/repos/{owner}/{repo}/pulls/{index}/merge')?.body?.properties?.Do?.enum).toContain('fast-forward-only');
});

function req(method: string, path: string, body?: unknown, query: Record<string, string> = {}): SentRequest {
  const bodyText = body === undefined ? '' : JSON.stringify(body);
  return { method, path, query, headers: bodyText ? { 'content-type': 'application/json' } : {}, bodyText };
}

describe('checkRequest', () => {
  const fixture = loadFixture();

  it.each([
    ['a list with paging and the state and type enums', req('GET', '/repos/alice/teapot/issues', undefined, { state: 'open', type: 'issues', page: '2', limit: '50' })],
    ['the query-string credential', req('GET', '/user', undefined, { token: 'x' })],
    ['an encoded owner', req('GET', '/repos/al%2Fice/teapot')],
    ['the literal /repos/issues/search over /repos/{owner}/{repo}', req('GET', '/repos/issues/search', undefined, { created: 'true', state: 'all' })],
    ['a merge with Do and a message', req('POST', '/repos/a/b/pulls/3/merge', { Do: 'squash', MergeMessageField: 'm' })],
    ['a hook with a free-form config', req('POST', '/repos/a/b/hooks', { type: 'gitea', config: { url: 'https://x', content_type: 'json', secret: 's' }, events: ['push'], active: true })],
    ['a state change', req('PATCH', '/repos/a/b/issues/3', { state: 'closed' })],
    ['the spec-only GET /issues', req('GET', '/issues', undefined, { filter: 'all' })],
  ])('accepts %s', (_what, request) => {
    expect(checkRequest(fixture, request)).toEqual([]);
  });

  it.each([
    ['an unknown endpoint', req('GET', '/repos/a/b/wiki'), /not an endpoint Gitea 1.23.8 has/],
    ['a method Gitea lacks there', req('PUT', '/repos/a/b'), /not an endpoint/],
    ['a non-numeric index', req('GET', '/repos/a/b/issues/x'), /index must be an integer/],
    ['an unknown query parameter', req('GET', '/user/repos', undefined, { per_page: '10' }), /per_page is not one Gitea 1.23.8 reads/],
    ['a state outside the enum', req('GET', '/repos/a/b/pulls', undefined, { state: 'merged' }), /query state is "merged"/],
    ['a non-integer limit', req('GET', '/user/orgs', undefined, { limit: 'ten' }), /limit must be an integer/],
    ['a merge without Do', req('POST', '/repos/a/b/pulls/1/merge', { style: 'merge' }), /lacks the required field Do/],
    ['a merge style Gitea lacks', req('POST', '/repos/a/b/pulls/1/merge', { Do: 'octopus' }), /body.Do is "octopus"/],
    ["a hook type Gitea's API refuses", req('POST', '/repos/a/b/hooks', { type: 'matrix', config: { url: 'u', content_type: 'json' } }), /body.type is "matrix"/],
    ['a hook config without url', req('POST', '/repos/a/b/hooks', { type: 'gitea', config: { content_type: 'json' } }), /config lacks the required field url/],
    ['a non-string hook config value', req('POST', '/repos/a/b/hooks', { type: 'gitea', config: { url: 'u', content_type: 'json', x: 1 } }), /config.x must be a string/],
    ['a field Gitea does not read', req('POST', '/user/repos', { name: 'x', visibility: 'private' }), /body.visibility is not a field/],
    ['labels as names', req('POST', '/repos/a/b/issues', { title: 't', labels: ['bug'] }), /labels\[0\] must be an integer/],
    ['an issue without a title', req('POST', '/repos/a/b/issues', { body: 'b' }), /lacks the required field title/],
    ['an organization without a body', req('POST', '/orgs'), /needs a body/],
    ['a body that is not labelled JSON', { ...req('POST', '/orgs', { username: 'o' }), headers: { 'content-type': 'text/plain' } }, /not application\/json/],
  ])('refuses %s', (_what, request, problem) => {
    const problems = checkRequest(fixture, request);
    expect(problems.join('\n')).toMatch(problem);
  });
});

describe('checkRequestAll', () => {
  const fixtures = loadFixtures();

  it('accepts what both servers accept', () => {
    expect(checkRequestAll(fixtures, req('POST', '/repos/a/b/pulls', { title: 't', head: 'h', base: 'main' }))).toEqual([]);
  });

  it('refuses what only Forgejo refuses, naming Forgejo', () => {
    // Gitea 1.23 reads reviewers on creation; Forgejo 11 does not.
    const problems = checkRequestAll(fixtures, req('POST', '/repos/a/b/pulls', { title: 't', head: 'h', base: 'main', reviewers: ['bob'] }));
    expect(problems).toEqual([
      'POST /repos/a/b/pulls: body.reviewers is not a field Forgejo 11.0.1 reads [Forgejo 11.0.1]',
      'POST /repos/a/b/pulls: body.reviewers is not a field Forgejo 15.0.3 reads [Forgejo 15.0.3]',
    ]);
  });

  it('refuses what only Gitea refuses, naming Gitea', () => {
    const problems = checkRequestAll(fixtures, req('POST', '/repos/a/b/hooks', { type: 'forgejo', config: { url: 'u', content_type: 'json' } }));
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/body.type is "forgejo"; Gitea 1.23.8 accepts .* \[Gitea 1.23.8\]$/);
    expect(problems[1]).toMatch(/body.type is "forgejo"; Gitea 1.26.4 accepts .* \[Gitea 1.26.4\]$/);
    expect(problems[2]).toMatch(/body.type is "forgejo"; Gitea 1.27.0 accepts .* \[Gitea 1.27.0\]$/);
  });

  it.each([
    ['the merge fields under both spellings', { Do: 'squash', do: 'squash', MergeMessageField: 'm', merge_message_field: 'm' }, []],
    ['only the old spelling: Gitea 1.26 and 1.27 lack their required do', { Do: 'squash' }, [/lacks the required field do \[Gitea 1.26.4\]/, /lacks the required field do \[Gitea 1.27.0\]/]],
    ['only the new spelling: the older servers read none of it', { do: 'squash' }, [/Do \[Gitea 1.23.8\]/, /Do \[Forgejo 11.0.1\]/, /Do \[Forgejo 15.0.3\]/]],
  ])('checks %s against every description', (_what, body, expected) => {
    const problems = checkRequestAll(fixtures, req('POST', '/repos/a/b/pulls/1/merge', body));
    expected.forEach((re) => expect(problems.join('\n')).toMatch(re));
    if (expected.length === 0) expect(problems).toEqual([]);
  });

  it('checks a route only against the descriptions that have it, and refuses one that none has', () => {
    const only = { ...fixtures[0], endpoints: [] } as unknown as (typeof fixtures)[number];
    expect(checkRequestAll([only, ...fixtures.slice(1)], req('GET', '/user'))).toEqual([]);
    expect(checkRequestAll(fixtures, req('GET', '/repos/a/b/wiki/nowhere')).length).toBe(5);
  });

  it('takes the query-string credential on every server (Forgejo 15 still reads it unless turned off)', () => {
    expect(checkRequestAll(fixtures, req('GET', '/user', undefined, { token: 'x' }))).toEqual([]);
  });
});

describe('what the check leaves out', () => {
  const base = { method: 'GET', path: '/nowhere', query: {}, rawUrl: '/nowhere', auth: undefined, user: undefined, bodyText: '', body: undefined, at: 0 };
  const kettle = { 'user-agent': 'kettle/0.1.0' };

  it.each([
    [['api', '/nowhere'], 'api'],
    [['--login', 'work', 'api', '/x'], 'api'],
    [['--debug', 'issue', 'list'], 'issue'],
    [['--login', 'api', 'whoami'], 'whoami'],
    [['--timeout', '1', 'api', '/x'], 'api'],
    [['--timeout', '1', '--login', 'work', 'issue', 'list'], 'issue'],
  ])('finds the verb of %j', (args, verb) => {
    expect(verbOf(args)).toBe(verb);
  });

  it('exempts requests sent while `kettle api` ran, under an injected fault, or not by kettle', () => {
    expect(exempt({ request: { ...base, headers: kettle }, running: [['api', '/nowhere']] })).toBe(true);
    expect(exempt({ request: { ...base, headers: kettle, fault: 'status' }, running: [['whoami']] })).toBe(true);
    expect(exempt({ request: { ...base, headers: { 'user-agent': 'undici' } }, running: [] })).toBe(true);
    expect(exempt({ request: { ...base, headers: kettle }, running: [['whoami']] })).toBe(false);
    expect(exempt({ request: { ...base, headers: kettle }, running: [] })).toBe(false);
  });
});
