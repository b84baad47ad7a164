// kettle api, run in-process against the in-memory server.
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });
let labelIds: number[];

beforeAll(() => {
  const bulk = s.server.state.addRepo('alice', 'bulk', { init: true });
  s.server.state.bulkIssues(bulk, 'alice', 123);
  const teapot = s.server.state.repo('alice', 'teapot');
  labelIds = s.server.state.labels.filter((l) => l.repoId === teapot?.id).map((l) => l.id);
});

/** The open issues (not pull requests) of one of alice's repositories, as the server holds them now. */
function openIssues(repo: string) {
  return s.server.state.issuesOf(s.server.state.repo('alice', repo)!).filter((i) => !i.pull && i.state === 'open');
}

/** stdout and stderr never hold the token. */
function noToken(r: { stdout: string; stderr: string }): void {
  expect(r.stdout).not.toContain(s.token);
  expect(r.stderr).not.toContain(s.token);
}

describe('GET', () => {
  it.each([['/user'], ['user'], ['/api/v1/user']])('%s: the JSON record, one request with the credential', async (path) => {
    const r = await s.kettle(['api', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(json<{ login: string }>(r).login).toBe('alice');
    expect(s.server.requests.map((q) => [q.method, q.path, q.auth, q.user])).toEqual([['GET', '/user', 'header', 'alice']]);
    noToken(r);
  });

  it('an absolute URL on the same server is accepted', async () => {
    const r = await s.kettle(['api', `${s.server.apiUrl}/repos/alice/teapot`]);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ full_name: string }>(r).full_name).toBe('alice/teapot');
  });

  it('fields go in the query with -X GET, -F typed', async () => {
    const r = await s.kettle(['api', '-X', 'GET', '/repos/alice/teapot/issues', '-f', 'state=closed', '-F', 'limit=1', '-f', 'type=issues']);
    expect(r.code, r.stderr).toBe(0);
    const issues = json<{ title: string; state: string }[]>(r);
    expect(issues.map((i) => [i.title, i.state])).toEqual([['Handle gets too hot', 'closed']]);
    const [req] = s.server.requests;
    expect(req?.method).toBe('GET');
    expect(req?.query).toEqual({ state: 'closed', limit: '1', type: 'issues' });
    expect(req?.bodyText).toBe('');
  });

  it('a[]=x in the query repeats the key', async () => {
    const r = await s.kettle(['api', '-X', 'GET', '/repos/alice/teapot/issues', '-f', 'labels[]=bug', '-f', 'labels[]=enhancement']);
    expect(r.code, r.stderr).toBe(0);
    expect(new URL(s.server.requests[0]?.rawUrl ?? '', s.server.url).searchParams.getAll('labels')).toEqual(['bug', 'enhancement']);
  });

  it('a non-JSON success body is printed as it came, no newline added', async () => {
    s.server.fault({ kind: 'status', status: 200, body: 'line one\nline two', headers: { 'content-type': 'text/plain' } });
    const r = await s.kettle(['api', '/repos/alice/teapot/raw/README.md']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('line one\nline two');
  });

  it('an empty body prints nothing', async () => {
    const r = await s.kettle(['api', '-X', 'DELETE', '/repos/bob/toolbox'], { env: { KETTLE_TOKEN: s.server.addToken('bob') } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(s.server.state.repo('bob', 'toolbox')).toBeUndefined();
  });
});

describe('fields in the body', () => {
  it('-f without -X sends POST with a JSON body of strings', async () => {
    const r = await s.kettle(['api', '/repos/alice/teapot/issues', '-f', 'title=Kettle api works', '-f', 'body=12']);
    expect(r.code, r.stderr).toBe(0);
    const created = json<{ number: number; title: string; body: string }>(r);
    expect(created).toMatchObject({ title: 'Kettle api works', body: '12' });
    const req = s.server.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({ title: 'Kettle api works', body: '12' });
    expect(req?.query).toEqual({});
    const teapot = s.server.state.repo('alice', 'teapot');
    expect(s.server.state.issue(teapot!, created.number)?.title).toBe('Kettle api works');
  });

  it('-F types integers, true/false and null, and reads @FILE and @- (standard input)', async () => {
    const file = join(s.dir, 'title.txt');
    writeFileSync(file, 'Title from a file\n');
    const r = await s.kettle(
      [
        'api',
        '/repos/alice/teapot/issues',
        '-F',
        `title=@${file}`,
        '-F',
        'body=@-',
        '-F',
        `labels[]=${labelIds[0]}`,
        '-F',
        `labels[]=${labelIds[1]}`,
        '-F',
        'closed=true',
        '-F',
        'ref=null',
        '-F',
        'pinned=false',
        '-F',
        'milestone=0',
      ],
      { input: 'Body from standard input\n' },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(s.server.requests[0]?.body).toEqual({
      title: 'Title from a file',
      body: 'Body from standard input',
      labels: labelIds.slice(0, 2),
      closed: true,
      ref: null,
      pinned: false,
      milestone: 0,
    });
    const created = json<{ state: string; labels: { id: number }[] }>(r);
    expect(created.state).toBe('closed');
    expect(created.labels.map((l) => l.id)).toEqual(labelIds.slice(0, 2));
  });

  it('nested keys and arrays build objects: a webhook', async () => {
    const r = await s.kettle([
      'api',
      '/repos/alice/teapot/hooks',
      '-f',
      'type=gitea',
      '-f',
      'config[url]=https://ci.example.com/kettle',
      '-f',
      'config[content_type]=json',
      '-f',
      'events[]=push',
      '-f',
      'events[]=issues',
      '-F',
      'active=true',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(s.server.requests[0]?.body).toEqual({
      type: 'gitea',
      config: { url: 'https://ci.example.com/kettle', content_type: 'json' },
      events: ['push', 'issues'],
      active: true,
    });
    const hook = json<{ id: number; active: boolean; events: string[]; config: { url: string } }>(r);
    // addHook: `issues` turns on every issue event, and the record lists each.
    expect(hook).toMatchObject({ active: true, events: ['push', 'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'], config: { url: 'https://ci.example.com/kettle' } });
    expect(s.server.state.hooks.find((h) => h.id === hook.id)?.url).toBe('https://ci.example.com/kettle');
  });

  it('-X PATCH with fields', async () => {
    const r = await s.kettle(['api', '-X', 'patch', '/repos/alice/teapot/issues/1', '-f', 'title=Lid rattles loudly']);
    expect(r.code, r.stderr).toBe(0);
    expect(s.server.requests[0]?.method).toBe('PATCH');
    expect(json<{ title: string }>(r).title).toBe('Lid rattles loudly');
  });

  it('--input FILE sends the file as the body (POST), fields then go in the query', async () => {
    const file = join(s.dir, 'label.json');
    const text = '{"name":"from-file","color":"#00aabb","description":"kept as written"}';
    writeFileSync(file, text);
    const r = await s.kettle(['api', '/repos/alice/teapot/labels', '--input', file, '-f', 'note=1']);
    expect(r.code, r.stderr).toBe(0);
    const req = s.server.requests[0];
    expect(req?.method).toBe('POST');
    expect(req?.bodyText).toBe(text);
    expect(req?.query).toEqual({ note: '1' });
    expect(json<{ name: string }>(r).name).toBe('from-file');
  });

  it('--input - reads the body from standard input', async () => {
    const text = '{"title":"From a pipe"}';
    const r = await s.kettle(['api', '-X', 'POST', '/repos/alice/teapot/issues', '--input', '-'], { input: text });
    expect(r.code, r.stderr).toBe(0);
    expect(s.server.requests[0]?.bodyText).toBe(text);
    expect(json<{ title: string }>(r).title).toBe('From a pipe');
  });

  it('-H adds request headers', async () => {
    const r = await s.kettle(['api', '/user', '-H', 'X-Kettle-Test: one two', '-H', 'Accept-Language:fr']);
    expect(r.code, r.stderr).toBe(0);
    expect(s.server.requests[0]?.headers['x-kettle-test']).toBe('one two');
    expect(s.server.requests[0]?.headers['accept-language']).toBe('fr');
  });

  it.each([
    [['api', '/user', '-f', 'novalue'], /^kettle: invalid -f "novalue": expected KEY=VALUE\n$/],
    [['api', '/user', '-F', 'a[=1'], /^kettle: invalid field name "a\["/],
    [['api', '/user', '-H', 'no colon'], /^kettle: invalid -H "no colon"/],
    [['api', '/user', '-X', 'BREW'], /^kettle: option '-X, --method <method>' argument 'BREW' is invalid\. use one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\n$/],
    [['api', '/user', '-F', 'a=@/nonexistent/file'], /^kettle: cannot read -F \/nonexistent\/file: no such file\n$/],
    [['api', '/user', '-F', 'a=@-', '--input', '-'], /^kettle: standard input can be read only once/],
    [['api', '-X', 'POST', '/user', '--paginate'], /^kettle: --paginate works with GET only\n$/],
    [['api'], /^kettle: missing required argument 'path'/],
  ])('bad input %j: exit 2 before any request', async (args, message) => {
    const r = await s.kettle(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(s.server.requests).toEqual([]);
  });
});

describe('--include', () => {
  it('prints the status line and headers on stdout, before the body', async () => {
    const r = await s.kettle(['api', '-i', '/repos/alice/teapot/issues', '-X', 'GET', '-F', 'limit=2', '-f', 'type=issues']);
    expect(r.code, r.stderr).toBe(0);
    const cut = r.stdout.indexOf('\n\n');
    const head = r.stdout.slice(0, cut).split('\n');
    expect(head[0]).toBe('HTTP/1.1 200 OK');
    const headers = Object.fromEntries(head.slice(1).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
    expect(headers['x-total-count']).toBe(String(openIssues('teapot').length));
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(r.stdout.slice(cut + 2))).toHaveLength(2);
    noToken(r);
  });

  it('never shows the credential, even when a header echoes the request URL', async () => {
    const cfg = join(s.configDir, 'config.json');
    writeFileSync(cfg, JSON.stringify({ default: 'q', logins: { q: { url: s.server.apiUrl, auth: 'query', token: s.token, user: 'alice' } } }), { mode: 0o600 });
    chmodSync(cfg, 0o600);
    s.server.fault({
      kind: 'status',
      status: 200,
      body: '[]',
      headers: { link: `<${s.server.apiUrl}/user/repos?page=2&token=${s.token}>; rel="next"`, 'x-echo': `seen ${s.token}` },
      path: '/user/repos',
    });
    const r = await s.kettle(['api', '-i', '/user/repos', '--debug'], { env: { KETTLE_URL: undefined, KETTLE_TOKEN: undefined } });
    expect(r.code, r.stderr).toBe(0);
    expect(s.server.requests.find((q) => q.path === '/user/repos')?.auth).toBe('query');
    expect(r.stdout).toContain('token=REDACTED>; rel="next"');
    expect(r.stdout).toContain('x-echo: seen REDACTED');
    expect(r.stderr).toContain('token=REDACTED');
    noToken(r);
  });

  it('--debug traces the request with the credential redacted', async () => {
    const r = await s.kettle(['api', '/user', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('authorization: token REDACTED');
    expect(json<{ login: string }>(r).login).toBe('alice');
    noToken(r);
  });
});

describe('--paginate', () => {
  it('follows every page and prints one JSON array', async () => {
    const r = await s.kettle(['api', '--paginate', '/repos/alice/bulk/issues']);
    expect(r.code, r.stderr).toBe(0);
    const issues = json<{ number: number }[]>(r);
    expect(issues).toHaveLength(123);
    expect(new Set(issues.map((i) => i.number)).size).toBe(123);
    const pages = s.server.requests.map((q) => q.query.page).sort();
    expect(pages).toEqual(['1', '2', '3']);
    expect(s.server.requests.every((q) => q.method === 'GET' && q.query.limit === '50')).toBe(true);
  });

  it('prints exactly the text of JSON.stringify(list, null, 2)', async () => {
    const r = await s.kettle(['api', '--paginate', '/repos/alice/bulk/issues']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${JSON.stringify(JSON.parse(r.stdout), null, 2)}\n`);
  });

  it('sends the -H headers with every page', async () => {
    const r = await s.kettle(['api', '--paginate', '/repos/alice/bulk/issues', '-H', 'X-Kettle-Test: on every page']);
    expect(r.code, r.stderr).toBe(0);
    expect(s.server.requests).toHaveLength(3);
    expect(s.server.requests.map((q) => q.headers['x-kettle-test'])).toEqual(['on every page', 'on every page', 'on every page']);
  });

  it('keeps the fields in the query of every page (GET implied)', async () => {
    const r = await s.kettle(['api', '--paginate', '/repos/alice/teapot/issues', '-f', 'state=all', '-f', 'type=issues']);
    expect(r.code, r.stderr).toBe(0);
    const expected = s.server.state.issuesOf(s.server.state.repo('alice', 'teapot')!).filter((i) => !i.pull);
    expect(expected.length).toBeGreaterThan(3);
    expect(
      json<{ number: number }[]>(r)
        .map((i) => i.number)
        .sort(),
    ).toEqual(expected.map((i) => i.number).sort());
    expect(s.server.requests.map((q) => [q.method, q.query.state, q.query.type])).toEqual([['GET', 'all', 'issues']]);
  });

  it('copes with a server that caps the page size and sends only Link headers', async () => {
    s.server.set({ maxPageSize: 20, pagination: 'gitea' });
    const r = await s.kettle(['api', '--paginate', '/repos/alice/bulk/issues']);
    expect(r.code, r.stderr).toBe(0);
    expect(new Set(json<{ number: number }[]>(r).map((i) => i.number)).size).toBe(123);
  });

  it('an error on a later page: exit 1, nothing on stdout', async () => {
    s.server.fault({ kind: 'status', status: 500, path: '/repos/alice/bulk/issues', skip: 1 });
    const r = await s.kettle(['api', '--paginate', '/repos/alice/bulk/issues']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^kettle: .*500/);
  });
});

describe('{owner} and {repo}', () => {
  it('come from -R', async () => {
    const r = await s.kettle(['api', '/repos/{owner}/{repo}', '-R', 'wonderland/tea-party']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ full_name: string }>(r).full_name).toBe('wonderland/tea-party');
    expect(s.server.requests[0]?.path).toBe('/repos/wonderland/tea-party');
  });

  it('come from the git remote of the current directory', async () => {
    const repo = join(s.dir, 'work');
    execFileSync('git', ['init', '-q', repo]);
    execFileSync('git', ['-C', repo, 'remote', 'add', 'origin', `${s.server.url}/alice/teapot.git`]);
    const r = await s.kettle(['api', '/repos/{owner}/{repo}/issues/2'], { cwd: repo });
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ number: number; title: string }>(r).title).toBe('Spout drips after pouring');
    expect(s.server.requests[0]?.path).toBe('/repos/alice/teapot/issues/2');
  });

  it('without -R or a git remote: exit 2, no request', async () => {
    const r = await s.kettle(['api', '/repos/{owner}/{repo}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^kettle: /);
    expect(s.server.requests).toEqual([]);
  });
});

describe('errors', () => {
  it("a 404: the server's body on stdout, one line on stderr, exit 1", async () => {
    const r = await s.kettle(['api', '/repos/alice/nothing-here']);
    expect(r.code).toBe(1);
    expect(json<{ message: string }>(r).message).toBe("The target couldn't be found.");
    expect(r.stderr).toBe("kettle: GET /repos/alice/nothing-here: The target couldn't be found. (HTTP 404)\n");
  });

  it('a 422: the body with its field errors on stdout, exit 1', async () => {
    const r = await s.kettle(['api', '/repos/alice/teapot/issues', '-f', 'body=no title']);
    expect(r.code).toBe(1);
    expect(json<{ errors: { field: string }[] }>(r).errors.map((e) => e.field)).toEqual(['title']);
    expect(r.stderr.split('\n')[0]).toMatch(/^kettle: POST \/repos\/alice\/teapot\/issues: .*\(HTTP 422\)$/);
  });

  it("a 502 with a proxy's HTML page: retried, then one line naming it, nothing on stdout, exit 1", async () => {
    s.server.fault({ kind: 'html', status: 502, times: 3 });
    const r = await s.kettle(['api', '/user']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^kettle: GET \/user: .*HTML page \("502 Bad Gateway"\).*\(HTTP 502\)\n$/);
    expect(s.server.requests.filter((q) => q.path === '/user')).toHaveLength(3);
  });

  it('a 401: the body on stdout, exit 4 with what to check', async () => {
    const r = await s.kettle(['api', '/user'], { env: { KETTLE_TOKEN: 'not-a-token' } });
    expect(r.code).toBe(4);
    expect(json<{ message: string }>(r).message).toMatch(/invalid/);
    expect(r.stderr).toMatch(/^kettle: authentication failed: /);
    expect(r.stderr).toContain('KETTLE_TOKEN');
    expect(r.stderr).not.toContain('not-a-token');
  });
});

describe('the credential never leaves its server', () => {
  let foreign: Server;
  let hits = 0;
  let foreignUrl: string;
  beforeAll(async () => {
    foreign = createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    foreign.on('connection', () => hits++);
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    const address = foreign.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    foreignUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => foreign.close(() => resolve()));
  });
  beforeEach(() => {
    hits = 0;
  });

  it.each([
    ['another port of the same host', () => `${foreignUrl}/api/v1/user`],
    ['another host', () => 'http://kettle-test.invalid/api/v1/user'],
    ['another scheme', () => `${s.server.url.replace('http:', 'https:')}/api/v1/user`],
  ])('an absolute URL to %s is refused: exit 2, nothing sent', async (_label, url) => {
    const r = await s.kettle(['api', url()]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^kettle: refusing to send your credentials to .*\n$/);
    expect(hits).toBe(0);
    expect(s.server.requests).toEqual([]);
    noToken(r);
  });

  it('a redirect is not followed: exit 1, the other server gets nothing', async () => {
    s.server.fault({ kind: 'redirect', location: `${foreignUrl}/api/v1/user` });
    const r = await s.kettle(['api', '/user']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`kettle: GET /user: the server redirected to ${foreignUrl}/api/v1/user; kettle api does not follow redirects\n`);
    expect(hits).toBe(0);
  });
});
