// What the hostile-server suite (hostile.test.ts) found, each pinned down.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, sent, useServer } from '../support/suite.js';
import { addRun } from '../server/routes-actions.js';
import { settingsData } from '../server/routes-settings.js';

const s = useServer({ runner: 'in-process' });
const ENV = { KETTLE_MAX_RESPONSE_MB: '1' };

describe('a change the server made but whose answer kettle cannot read', () => {
  // Found by the suite: `pr review` answered 200 with an empty body exited 1
  // with "expected a JSON object", and nothing said the review existed; a
  // user trying again would approve twice.
  it.each([
    ['an empty body', { kind: 'mangle' as const, mangle: () => '' }, /200 OK with an empty body/],
    ['cut JSON', { kind: 'mangle' as const, mangle: (b: unknown) => JSON.stringify(b).slice(0, 20) }, /not valid JSON/],
    ['a list for a record', { kind: 'mangle' as const, mangle: () => '[]' }, /with a list/],
    ['a body over the size cap', { kind: 'huge' as const, bytes: 2 * 1024 * 1024 }, /larger than 1 MiB/],
  ])('%s: exit 1, one line saying the change was made and where to look', async (_name, fault, says) => {
    const pr = s.server.state.addIssue(s.server.state.repo('alice', 'teapot') as never, 'bob', { title: 'Review me', pull: { head: 'fix/spout', base: 'main' } });
    const path = `/repos/alice/teapot/pulls/${pr.number}/reviews`;
    s.server.fault({ ...fault, method: 'POST', path });
    const r = await s.kettle(['pr', 'review', String(pr.number), '-R', 'alice/teapot', '--approve', '--json'], { env: ENV });
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^kettle: /)]);
    expect(r.stderr).toMatch(says);
    expect(r.stderr).toContain(`the server made the change (HTTP 200): check with \`kettle api /repos/alice/teapot/pulls/${pr.number}`);
    expect(sent(s, 'POST', path)).toHaveLength(1);
  });

  // Found by the suite (seed 259252996): `hook add` answered with a
  // validation body said "✓ Added inactive webhook  to … for no event", printed
  // the body as the hook, then failed over its events.
  it('hook add answered with no webhook in it: exit 1, one line, nothing printed as the hook', async () => {
    s.server.fault({ kind: 'mangle', method: 'POST', path: '/repos/alice/teapot/hooks', mangle: () => '{"message":"[Name]: Required","errors":[{"field":"name","code":"required"}]}' });
    const r = await s.kettle(['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com/new', '--json']);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/✓/);
    expect(r.stderr).toMatch(
      /^kettle: .*expected a webhook from POST \/repos\/alice\/teapot\/hooks but the server answered 201 Created with an object without "id"; the server made the change \(HTTP 201\): check with `kettle hook list -R alice\/teapot` rather than trying again\n$/,
    );
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('label create answered 201 with malformed JSON names the label list, not an unknown failure', async () => {
    s.server.fault({ kind: 'mangle', method: 'POST', path: '/repos/alice/teapot/labels', mangle: () => '{"id":' });
    const r = await s.kettle(['label', 'create', 'half-made', '--color', 'ff0000', '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/^kettle: .*201 Created.*; the server made the change \(HTTP 201\): check with `kettle api \/repos\/alice\/teapot\/labels` rather than trying again\n$/);
    expect(s.server.state.labels.some((l) => l.name === 'half-made')).toBe(true);
  });

  it('a GET answered 200 with malformed JSON says nothing about changes', async () => {
    s.server.fault({ kind: 'mangle', method: 'GET', path: '/repos/alice/teapot/labels', mangle: () => '{"id":' });
    const r = await s.kettle(['label', 'list', '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr).not.toMatch(/made the change/);
  });
});

describe('a byte stream the server drips slower than KETTLE_TIMEOUT', () => {
  // Found by the suite: pr diff against a server sending one byte every 0.4 s
  // with KETTLE_TIMEOUT=0.3 ran until the server gave up (60 s): undici's
  // body timeout is about a second coarse, and nothing else bounded a stream.
  it.each([
    ['pr diff', ['pr', 'diff', '5', '-R', 'alice/teapot'], '/repos/alice/teapot/pulls/5.diff'],
    ['kettle api', ['api', '/repos/alice/teapot/issues/1'], '/repos/alice/teapot/issues/1'],
  ])('%s: exit 1 within a few seconds, one line', async (_name, args, path) => {
    s.server.fault({ kind: 'drip', bytes: 1, intervalMs: 400, path, times: 10 });
    const started = Date.now();
    const r = await s.kettle(args, { env: { KETTLE_TIMEOUT: '0.3' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expectExit(r, 1);
    expect(r.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^kettle: .*the server stopped sending the response \(nothing more within 0\.3 s\)/)]);
  });
});

describe('a migration, which may take minutes to answer', () => {
  // Found by the suite (HOSTILE_SEED=215622697): repo migrate's answer dripped
  // a piece every 0.49 s with KETTLE_TIMEOUT=0.3 held kettle for as long as the
  // drip lasted, since the ten minutes a migration may take to answer bounded
  // the whole exchange.
  it('still waits longer than KETTLE_TIMEOUT for its answer to begin', async () => {
    settingsData(s.server.state).migrateDelayMs = 600;
    try {
      const r = await s.kettle(['repo', 'migrate', 'https://git.example.com/bob/slow-start.git', '--json'], { env: { KETTLE_TIMEOUT: '0.3' } });
      expectExit(r, 0);
    } finally {
      settingsData(s.server.state).migrateDelayMs = 0;
    }
  });

  it('gives up an answer that pauses longer than KETTLE_TIMEOUT once begun: exit 1 within a few seconds, one line', async () => {
    s.server.fault({ kind: 'drip', bytes: 8, intervalMs: 450, path: '/repos/migrate', times: 1 });
    const started = Date.now();
    const r = await s.kettle(['repo', 'migrate', 'https://git.example.com/bob/dripping.git', '--json'], { env: { KETTLE_TIMEOUT: '0.3' } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expectExit(r, 1);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'kettle: the server stopped sending its answer to the migration of https://git.example.com/bob/dripping.git into dripping; it may still finish: see kettle repo view OWNER/dripping',
    ]);
  });
});

describe('a record without a usable id', () => {
  // Found by the suite (the contract check): release create whose answer had
  // no id uploaded its assets to /releases/undefined/assets.
  it.each([
    ['missing', undefined],
    ['null', null],
    ['a string', ''],
    ['a fraction', 1.5],
  ])('release create: the id %s: the release is said to exist, the upload failed, and no request names the id', async (_name, id) => {
    const file = join(s.dir, 'notes.txt');
    writeFileSync(file, 'asset\n');
    const tag = `v-noid-${String(id)}-${Date.now()}`;
    s.server.fault({
      kind: 'mangle',
      method: 'POST',
      path: '/repos/alice/teapot/releases',
      mangle: (b) => JSON.stringify({ ...(b as object), id }),
    });
    const r = await s.kettle(['release', 'create', tag, file, '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^✓ Created release ${tag} in alice/teapot`)),
      `kettle: release ${tag} was created, but 1 of 1 file did not upload: notes.txt`,
      expect.stringMatching(/^ {2}notes\.txt: the server sent a record without a usable identifier \(.+ where \/releases\/… needs one\)$/),
      expect.stringMatching(new RegExp(`^  Finish with:  kettle release upload ${tag} `)),
    ]);
    expect(s.server.requests.filter((q) => /undefined|null|NaN|\/\/|1\.5/.test(q.path))).toEqual([]);
  });
});

describe('several values at once', () => {
  // Found by the suite: with several numbers, a comment the server made whose
  // answer was over the size cap said nothing of the comment existing.
  it('issue comment 2 3: the one whose answer was unreadable is said to be made', async () => {
    s.server.fault({ kind: 'huge', bytes: 2 * 1024 * 1024, method: 'POST', path: '/repos/alice/teapot/issues/3/comments' });
    const r = await s.kettle(['issue', 'comment', '2', '3', '-R', 'alice/teapot', '--body', 'twice?', '--json'], { env: ENV });
    expectExit(r, 1);
    expect(r.stderr).toMatch(
      /^kettle: the answer to POST \/repos\/alice\/teapot\/issues\/3\/comments is larger than 1 MiB \(HTTP 200\).*; the server made the change \(HTTP 200\): check with `kettle api \/repos\/alice\/teapot\/issues\/3\/comments` rather than trying again$/m,
    );
    expect(json<unknown[]>(r)).toHaveLength(1);
  });
});

describe('kettle status, a server that answers with field errors', () => {
  // Found by the suite: the field lines under a server's failure came out
  // indented twice ("    name: required"), unlike every other command's.
  it('names the server on one line and each field on an indented line of its own', async () => {
    s.server.fault({ kind: 'status', status: 403, body: '{"message":"[Name]: Required","errors":[{"field":"name","code":"required"}]}', times: 1000 });
    const r = await s.kettle(['status', '--json']);
    expectExit(r, 1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^kettle: 127\.0\.0\.1:\d+ \(http:\/\/127\.0\.0\.1:\d+\): \[Name\]: Required \(HTTP 403\)$/);
    expect(lines).toContain('  name: required');
  });
});

describe('a field of the wrong type is one line naming it, never a plausible wrong value', () => {
  /** The real answer with one field of each record (or of the envelope's list) replaced. */
  const retyped = (key: string, value: unknown) => (body: unknown) => {
    const change = (r: unknown) => (typeof r === 'object' && r !== null && !Array.isArray(r) ? { ...r, [key]: value } : r);
    if (Array.isArray(body)) return JSON.stringify(body.map(change));
    const b = body as Record<string, unknown>;
    if (Array.isArray(b.workflow_runs)) return JSON.stringify({ ...b, workflow_runs: b.workflow_runs.map(change) });
    return JSON.stringify(change(body));
  };

  it.each([
    ['run view: an id sent as "3"', ['run', 'view'], /\/actions\/runs\/\d+$/, 'id', 'a number', 'a string'],
    ['run list: an id sent as "3"', ['run', 'list'], /\/actions\/runs$/, 'id', 'a number', 'a string'],
    ['run watch: a status sent as a number', ['run', 'watch', '--interval', '0.1'], /\/actions\/runs\/\d+$/, 'status', 'a string', 'a number'],
  ])('%s', async (_name, args, path, key, want, got) => {
    s.server.set({ flavor: { version: '1.26.4' } });
    const repo = s.server.state.addRepo('alice', `typed-${key}-${args[1]}`, { init: true });
    const run = addRun(s.server.state, repo, { status: 'running' });
    s.server.fault({ kind: 'mangle', method: 'GET', path, times: 100, mangle: retyped(key, key === 'id' ? String(run.id) : 6) });
    const withId = args[1] === 'list' ? args : [...args.slice(0, 2), String(run.id), ...args.slice(2)];
    const started = Date.now();
    const r = await s.kettle([...withId, '-R', `alice/${repo.name}`]);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^kettle: expected ${want} for "${key}" from GET /repos/alice/${repo.name}/actions/runs.* but the server answered 200 OK with ${got}$`)),
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('issue view: a number sent as "3" is one line, exit 1', async () => {
    s.server.fault({ kind: 'mangle', method: 'GET', path: '/repos/alice/teapot/issues/1', mangle: retyped('number', '1') });
    const r = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr).toBe('kettle: expected a number for "number" from GET /repos/alice/teapot/issues/1 but the server answered 200 OK with a string\n');
  });
});
