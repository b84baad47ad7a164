// kettle secret list|set|delete, run in-process against the in-memory server of each release.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { secretsData } from '../server/routes-actions-secrets.js';
import { RELEASES } from '../support/releases.js';

const s = useServer({ runner: 'in-process' });

let count = 0;
/** A repository of alice's, new for each test, so secrets of one test never meet another's. */
function freshRepo(): { id: number; full: string } {
  const repo = s.server.state.addRepo('alice', `vault-${++count}`, { init: true });
  return { id: repo.id, full: `alice/${repo.name}` };
}

function stored(key: `repo:${number}` | `owner:${number}`): Array<{ name: string; data: string }> {
  return (secretsData(s.server.state).secrets.get(key) ?? []).map(({ name, data }) => ({ name, data }));
}

function file(name: string, content: string | Buffer): string {
  const path = join(s.dir, name);
  writeFileSync(path, content);
  return path;
}

let caches = 0;
/** A cache folder of its own, for a run after the test switched the server's release (kettle keeps a server's version for a day). */
const fresh = () => ({ XDG_CACHE_HOME: join(s.dir, `cache-${++caches}`) });

/** Requests that carry a secret: none may be sent when kettle refuses. */
const puts = () => sent(s, 'PUT').concat(sent(s, 'DELETE'));

describe('secret set', () => {
  it.each(RELEASES)('creates (201) then replaces (204) a secret from --body-file, its trailing line breaks dropped, on %s', async (_name, flavor) => {
    s.server.set({ flavor });
    const { id, full } = freshRepo();
    const made = await s.kettle(['secret', 'set', 'deploy_token', '-R', full, '--body-file', file('token.txt', 's3cr3t value\n')]);
    expectExit(made, 0);
    expect(made.stdout).toBe('');
    expect(made.stderr).toBe(`✓ Created secret DEPLOY_TOKEN of ${full}\n`);
    expect(sent(s, 'PUT').map((q) => [q.path, q.body])).toEqual([[`/repos/${full}/actions/secrets/DEPLOY_TOKEN`, { data: 's3cr3t value' }]]);
    const again = await s.kettle(['secret', 'set', 'DEPLOY_TOKEN', '-R', full, '--body-file', file('token2.txt', 'line one\nline two\r\n\n')]);
    expectExit(again, 0);
    expect(again.stderr).toBe(`✓ Updated secret DEPLOY_TOKEN of ${full}\n`);
    expect(stored(`repo:${id}`)).toEqual([{ name: 'DEPLOY_TOKEN', data: 'line one\nline two' }]);
    // The name and size rules cost no look at the server. Its version is asked once (then kept for a day): on Gitea
    // 1.24 and later each set reads the list first, to send a replaced secret's description back (D26).
    const put = `PUT /repos/${full}/actions/secrets/DEPLOY_TOKEN`;
    const list = `GET /repos/${full}/actions/secrets`;
    const described = flavor.version === '1.26.4';
    expect(s.server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /version', ...(described ? [list, put, list, put] : [put, put])]);
  });

  it('reads piped standard input, and --body-file -, dropping only trailing line breaks', async () => {
    const { id, full } = freshRepo();
    expectExit(await s.kettle(['secret', 'set', 'PIPED', '-R', full], { input: '  spaced  \n' }), 0);
    expectExit(await s.kettle(['secret', 'set', 'DASH', '-R', full, '--body-file', '-'], { input: 'a\r\nb\r\n' }), 0);
    expect(stored(`repo:${id}`)).toEqual([
      { name: 'PIPED', data: '  spaced  ' },
      { name: 'DASH', data: 'a\r\nb' },
    ]);
  });

  it('never shows the value: not in --debug traces, not in output', async () => {
    const { full } = freshRepo();
    const value = 'hunter2-very-secret';
    const r = await s.kettle(['secret', 'set', 'TRACED', '-R', full, '--debug'], { input: value });
    expectExit(r, 0);
    expect(r.stderr).toContain(`> PUT `);
    expect(r.stderr).toMatch(/> {3}body: \(\d+ bytes, an Actions secret: not shown\)/);
    expect(r.stderr + r.stdout).not.toContain(value);
    // Nor through kettle api.
    const raw = await s.kettle(['api', '-X', 'PUT', `repos/${full}/actions/secrets/RAW`, '-f', `data=${value}`, '--debug']);
    expectExit(raw, 0);
    expect(raw.stderr).not.toContain(value);
  });

  it('a server error that quotes the request back shows *** for the value: in the message, the --debug trace and stack, and kettle api', async () => {
    const { full } = freshRepo();
    const value = 'hunter2 "quoted" \\ value';
    // A server (or a proxy before it) that quotes the body it refused, JSON-escaped within its message.
    const echo = (status: number) => ({
      kind: 'status' as const,
      status,
      method: 'PUT',
      path: /\/actions\/secrets\//,
      body: JSON.stringify({ message: `bad request body ${JSON.stringify({ data: value })}`, errors: [{ field: 'data', message: `"${value}" is not allowed` }] }),
    });
    s.server.fault(echo(422));
    const r = await s.kettle(['secret', 'set', 'ECHOED', '-R', full, '--debug'], { input: value });
    expectExit(r, 1);
    expect(r.stderr).toContain('kettle: ');
    expect(r.stderr).toContain('bad request body {"data":"***"}');
    expect(r.stderr + r.stdout).not.toContain('hunter2');
    s.server.fault(echo(400));
    const raw = await s.kettle(['api', '-X', 'PUT', `repos/${full}/actions/secrets/RAW`, '-f', `data=${value}`, '--debug']);
    expectExit(raw, 1);
    expect(raw.stderr).toContain('bad request body {"data":"***"}');
    // The error's body, printed on stdout as kettle api does, hides it too.
    expect(JSON.parse(raw.stdout)).toMatchObject({ message: 'bad request body {"data":"***"}' });
    expect(raw.stderr + raw.stdout).not.toContain('hunter2');
  });

  it.each([
    ['a list page', ['secret', 'list'], /\/actions\/secrets$/],
    ['a byte stream', ['pr', 'diff', '1'], /\.diff$/],
  ])("a server error quoting the client's own token back on %s shows *** for it", async (_what, args, path) => {
    const { full } = freshRepo();
    s.server.fault({ kind: 'status', status: 500, method: 'GET', path, body: JSON.stringify({ message: `token ${s.token} is not welcome here` }) });
    const r = await s.kettle([...args, '-R', full, '--debug']);
    expectExit(r, 1);
    expect(r.stderr).toContain('token *** is not welcome here');
    expect(r.stderr + r.stdout).not.toContain(s.token);
  });

  it.each([
    ['a trailing slash', 'actions/secrets/SPELLED/'],
    ['doubled slashes', 'actions//secrets//SPELLED'],
    ['percent-encoding', 'actions/%73ecrets/SPELLED'],
    ['a query string', 'actions/secrets/SPELLED?x=1'],
  ])('kettle api --debug never shows a secret sent to the path spelled with %s', async (_how, tail) => {
    const { full } = freshRepo();
    const value = 'hunter2-spelled-otherwise';
    const r = await s.kettle(['api', '-X', 'PUT', `repos/${full}/${tail}`, '-f', `data=${value}`, '--debug']);
    expect(r.stderr).toMatch(/> {3}body: \(\d+ bytes, an Actions secret: not shown\)/);
    expect(r.stderr + r.stdout).not.toContain('hunter2');
  });

  it('refuses names no server takes, before sending (exit 2)', async () => {
    const { full } = freshRepo();
    for (const name of ['1ST', 'A-B', 'gitea_x', 'GITHUB_TOKEN', 'Forgejo_Thing', 'ünicode']) {
      s.server.resetRequests();
      expectUsage(s, await s.kettle(['secret', 'set', name, '-R', full], { input: 'v' }), new RegExp(`invalid secret name "${name}"`));
    }
  });

  it('refuses CI where the server does (Gitea 1.25 and later), and sends it elsewhere', async () => {
    const { full } = freshRepo();
    s.server.set({ flavor: { forgejo: false, version: '1.26.4' } });
    const r = await s.kettle(['secret', 'set', 'ci', '-R', full], { input: 'v' });
    expectExit(r, 2);
    expect(r.stderr).toBe('kettle: invalid secret name "ci": Gitea 1.26.4 refuses the name CI; nothing was sent\n');
    expect(puts()).toEqual([]);
    s.server.set({ flavor: { forgejo: true, version: '11.0.1+gitea-1.22.0' } });
    const env = fresh();
    expectExit(await s.kettle(['secret', 'set', 'CI', '-R', full], { input: 'v', env }), 0);
    // A name starting with CI is fine for a secret on every server.
    expectExit(await s.kettle(['secret', 'set', 'CITY', '-R', full], { input: 'v', env }), 0);
  });

  it('refuses an empty value (exit 2), and one over 64 KiB where the server would (Gitea 1.24 and later)', async () => {
    const { id, full } = freshRepo();
    expectUsage(s, await s.kettle(['secret', 'set', 'EMPTY', '-R', full], { input: '\n' }), /the secret's value is empty; nothing was sent/);
    expectUsage(s, await s.kettle(['secret', 'set', 'EMPTY', '-R', full, '--body-file', file('empty', '')]), /value is empty/);
    const big = 'x'.repeat(65537);
    s.server.set({ flavor: { forgejo: false, version: '1.26.4' } });
    const r = await s.kettle(['secret', 'set', 'BIG', '-R', full, '--body-file', file('big', big)]);
    expectExit(r, 2);
    expect(r.stderr).toBe("kettle: the secret's value holds 65537 bytes; Gitea 1.26.4 takes at most 65536; nothing was sent\n");
    expect(puts()).toEqual([]);
    // Exactly the limit is taken.
    expectExit(await s.kettle(['secret', 'set', 'BIG', '-R', full, '--body-file', file('edge', big.slice(1))]), 0);
    s.server.set({ flavor: { forgejo: true, version: '15.0.3+gitea-1.22.0' } });
    expectExit(await s.kettle(['secret', 'set', 'BIGGER', '-R', full, '--body-file', file('big', big)], { env: fresh() }), 0);
    expect(stored(`repo:${id}`).map((x) => [x.name, x.data.length])).toEqual([
      ['BIG', 65536],
      ['BIGGER', 65537],
    ]);
  });

  it('never takes the value from the command line: without a pipe, file or terminal it names --body-file', async () => {
    const { full } = freshRepo();
    // Standard input a terminal, but no terminal to ask on (stderr piped).
    expectUsage(s, await s.kettle(['secret', 'set', 'X', '-R', full], { tty: { stdin: true } }), /--body-file is required \(no terminal to ask on\)/);
    const extra = await s.kettle(['secret', 'set', 'X', 'the-value', '-R', full]);
    expectUsage(s, extra, "kettle: a secret's value is never taken from the command line, where other users of the machine can read it: use --body-file FILE, pipe it in, or type it at the prompt");
    expect(extra.stderr).not.toContain('the-value');
  });

  it('works for an organization and for your account', async () => {
    const org = s.server.state.org('wonderland');
    const alice = s.server.state.user('alice');
    expectExit(await s.kettle(['secret', 'set', 'ORG_ONE', '--org', 'wonderland'], { input: 'o' }), 0);
    expectExit(await s.kettle(['secret', 'set', 'MINE', '--user'], { input: 'm' }), 0);
    expect(stored(`owner:${org?.id ?? 0}`)).toContainEqual({ name: 'ORG_ONE', data: 'o' });
    expect(stored(`owner:${alice?.id ?? 0}`)).toContainEqual({ name: 'MINE', data: 'm' });
    expect(sent(s, 'PUT').map((q) => q.path)).toEqual(['/orgs/wonderland/actions/secrets/ORG_ONE', '/user/actions/secrets/MINE']);
    expectFailure(await s.kettle(['secret', 'set', 'X', '--org', 'no-such-org'], { input: 'v' }), 'organization no-such-org not found');
  });

  it('says what the server refused: someone who does not own the repository', async () => {
    const { full } = freshRepo();
    const bob = s.server.addToken('bob');
    const r = await s.kettle(['secret', 'set', 'X', '-R', full], { input: 'v', env: { KETTLE_TOKEN: bob } });
    expectFailure(r, /^kettle: cannot set secret X of alice\/vault-\d+: permission denied/);
  });

  it('refuses --org with --user, and -R with either (exit 2)', async () => {
    expectUsage(s, await s.kettle(['secret', 'set', 'X', '--org', 'wonderland', '--user'], { input: 'v' }), /use either --org or --user, not both/);
    expectUsage(s, await s.kettle(['secret', 'list', '-R', 'alice/teapot', '--org', 'wonderland']), /use either -R or --org, not both/);
    expectUsage(s, await s.kettle(['secret', 'delete', 'X', '-R', 'alice/teapot', '--user', '--yes']), /use either -R or --user, not both/);
  });
});

describe('secret list', () => {
  it.each(RELEASES)('shows names and dates, never values, complete over pages, on %s', async (_name, flavor) => {
    s.server.set({ flavor });
    const { full } = freshRepo();
    for (let i = 1; i <= 3; i++) expectExit(await s.kettle(['secret', 'set', `S${i}`, '-R', full], { input: `value-${i}` }), 0);
    s.server.resetRequests();
    const r = await s.kettle(['secret', 'list', '-R', full, '--limit', '2']);
    expectExit(r, 0);
    const shown = rows(r.stdout);
    expect(shown.map((row) => row[0])).toEqual(['S1', 'S2']);
    expect(shown.every((row) => row.length === 2 && /^\d{4}-\d\d-\d\dT/.test(row[1] ?? ''))).toBe(true);
    const all = await s.kettle(['secret', 'list', '-R', full, '--all', '--json']);
    expectExit(all, 0);
    const records = json<Array<Record<string, unknown>>>(all);
    expect(records.map((x) => x.name)).toEqual(['S1', 'S2', 'S3']);
    expect(all.stdout).not.toMatch(/value-/);
    // Gitea 1.24 and later describe each secret; the others do not.
    expect(records.every((x) => 'description' in x)).toBe(flavor.version === '1.26.4');
  });

  it("keeps a replaced secret's description on Gitea 1.24 and later, which clear it on an update that sends none (D26)", async () => {
    s.server.set({ flavor: { version: '1.26.4' } });
    const { id, full } = freshRepo();
    // A description set in the web UI (the API's own PUT takes one too).
    secretsData(s.server.state).secrets.set(`repo:${id}`, [{ id: 1, name: 'DEPLOY_KEY', data: 'old', description: 'the deploy key of production', created_at: '2026-01-01T00:00:00Z' }]);
    const r = await s.kettle(['secret', 'set', 'DEPLOY_KEY', '-R', full], { input: 'new', env: fresh() });
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Updated secret DEPLOY_KEY of ${full}\n`);
    expect(secretsData(s.server.state).secrets.get(`repo:${id}`)?.[0]).toMatchObject({ data: 'new', description: 'the deploy key of production' });
    expect(sent(s, 'PUT').at(-1)?.body).toEqual({ data: 'new', description: 'the deploy key of production' });
  });

  it('says on an empty list that there is none; names the organization', async () => {
    const { full } = freshRepo();
    const r = await s.kettle(['secret', 'list', '-R', full], { tty: true });
    expectExit(r, 0);
    expect(r.stderr + r.stdout).toContain(`No secrets in ${full}`);
    expectExit(await s.kettle(['secret', 'list', '--org', 'wonderland', '--json']), 0);
    expect(sent(s, 'GET').map((q) => q.path)).toContain('/orgs/wonderland/actions/secrets');
  });

  it("--user: no server lists a user's secrets; one line, exit 1, nothing sent", async () => {
    const r = await s.kettle(['secret', 'list', '--user']);
    expectFailure(r, "no Gitea or Forgejo version lists a user's secrets; set and delete them by name (kettle secret set NAME --user)");
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(s.server.requests).toEqual([]);
  });
});

describe('secret delete', () => {
  it.each(RELEASES)('asks for --yes without a terminal, deletes with it, and names a missing one, on %s', async (_name, flavor) => {
    s.server.set({ flavor });
    const { id, full } = freshRepo();
    expectExit(await s.kettle(['secret', 'set', 'GONE', '-R', full], { input: 'v' }), 0);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['secret', 'delete', 'GONE', '-R', full]), /refusing to delete secret GONE of alice\/vault-\d+ without confirmation; pass --yes/);
    const r = await s.kettle(['secret', 'delete', 'gone', '-R', full, '--yes']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Deleted secret GONE of ${full}\n`);
    expect(stored(`repo:${id}`)).toEqual([]);
    const missing = await s.kettle(['secret', 'delete', 'GONE', '-R', full, '--yes']);
    const lines = expectFailure(missing, `secret GONE of ${full} not found`);
    expect(lines).toHaveLength(1);
    expectFailure(await s.kettle(['secret', 'delete', 'GONE', '-R', 'alice/no-such-repo', '--yes']), 'repository alice/no-such-repo not found');
  });

  it('refuses a name no server could hold (exit 2)', async () => {
    expectUsage(s, await s.kettle(['secret', 'delete', 'A-B', '-R', 'alice/teapot', '--yes']), /invalid secret name "A-B"/);
  });
});
