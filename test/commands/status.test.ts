// kettle status across three in-memory servers at once ("home", "work" as a
// sub-path deployment, "play"), each with the demo data and a login of
// alice's: every login shown, the servers asked side by side (a slow one does
// not hold the others back), a failing one one line in its own section with
// exit 1, a revoked token named with the line that logs in again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANSI, json, type RunResult } from '../support/harness.js';
import { expectExit, rows, type Suite, useServer } from '../support/suite.js';
import { inbox } from '../server/routes-inbox.js';

const home = useServer({ runner: 'in-process', login: 'none' });
const work = useServer({ runner: 'in-process', login: 'none', server: { basePath: '/forge' } });
const play = useServer({ runner: 'in-process', login: 'none' });
const ALL: Array<[string, Suite]> = [
  ['home', home],
  ['work', work],
  ['play', play],
];

/** Terminal text without its colours. */
const uncoloured = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');

/** kettle with the config folder holding the three logins. */
const kettle = (args: string[], opts: Parameters<Suite['kettle']>[1] = {}): Promise<RunResult> => home.kettle(args, opts);

beforeEach(async () => {
  for (const [name, s] of ALL) expectExit(await kettle(['login', 'add', '--url', s.server.url, '--name', name, '--token', s.token]), 0);
  for (const [, s] of ALL) s.server.resetRequests();
});

type View = { server: string; user: string; notifications: Array<{ id: number }>; assigned: Array<{ number: number }>; review_requested: unknown[]; created: Array<{ title: string; checks: string }> };

describe('kettle status', () => {
  it('--json: an object keyed by login name, each server asked once for each section', async () => {
    const r = await kettle(['status', '--json']);
    expectExit(r, 0);
    const out = json<Record<string, View>>(r);
    expect(Object.keys(out)).toEqual(['home', 'work', 'play']);
    for (const [name, s] of ALL) {
      const view = out[name] as View;
      expect(Object.keys(view)).toEqual(['server', 'user', 'notifications', 'assigned', 'review_requested', 'created']);
      expect(view.server).toBe(s.server.url);
      expect(view.user).toBe('alice');
      const unread = inbox(s.server.state).threads.filter((t) => t.user === 'alice' && t.status === 'unread');
      expect(view.notifications.map((t) => t.id)).toEqual(unread.map((t) => t.id));
      expect(view.assigned.map((i) => i.number)).toEqual([2]);
      expect(view.created).toEqual([expect.objectContaining({ title: 'More tea', checks: 'none' })]);
      const paths = s.server.requests.map((q) => `${q.method} ${q.path}`);
      expect(paths).toEqual(expect.arrayContaining(['GET /user', 'GET /notifications/new', 'GET /notifications', 'GET /repos/issues/search']));
      const searches = s.server.requests.filter((q) => q.path === '/repos/issues/search').map((q) => q.query);
      expect(searches).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ assigned: 'true', type: 'issues', state: 'open' }),
          expect.objectContaining({ review_requested: 'true', type: 'pulls', state: 'open' }),
          expect.objectContaining({ created: 'true', type: 'pulls', state: 'open' }),
        ]),
      );
    }
  });

  it('in a pipe: tab-separated rows, the login name first, then the section', async () => {
    const r = await kettle(['status']);
    expectExit(r, 0);
    const lines = rows(r.stdout);
    expect([...new Set(lines.map((l) => l[0]))]).toEqual(['home', 'work', 'play']);
    const work1 = lines.filter((l) => l[0] === 'work');
    expect(work1.map((l) => l[1])).toEqual(['notifications', 'assigned', 'created']);
    expect(work1.find((l) => l[1] === 'assigned')?.slice(2, 5)).toEqual(['alice/teapot', '2', 'Spout drips after pouring']);
    expect(work1.find((l) => l[1] === 'created')?.slice(2, 5)).toEqual(['wonderland/tea-party', '2', 'More tea']);
    expect(work1.find((l) => l[1] === 'created')?.[6]).toBe('none');
    expect(work1.find((l) => l[1] === 'notifications')?.slice(2)).toEqual(['alice/teapot', expect.stringMatching(/^\d+$/), 'Quieter lid', expect.stringMatching(/^2026-/), 'Pull']);
  });

  it('a pull request with checks shows their state', async () => {
    const { addStatus, headSha } = await import('../server/routes-pulls.js');
    const party = work.server.state.repo('wonderland', 'tea-party');
    const pr = party && work.server.state.issuesOf(party).find((i) => i.pull);
    if (!pr) throw new Error('no pull request');
    addStatus(work.server.state, headSha(work.server.state, pr), 'ci/build', 'failure', 'Broken');
    const r = await kettle(['status', '--login', 'work', '--json']);
    expectExit(r, 0);
    expect(json<Record<string, View>>(r).work?.created[0]?.checks).toBe('failure');
  });

  it('on a terminal: a section per server with its name and URL, relative times', async () => {
    const r = await kettle(['status'], { tty: true });
    expectExit(r, 0);
    expect(r.stdout).toMatch(ANSI);
    const text = uncoloured(r.stdout);
    for (const [name, s] of ALL) expect(text).toContain(`${name}  ${s.server.url}  as alice`);
    expect(text).toContain('Notifications: 1 unread');
    expect(text).toContain('alice/teapot#2  Spout drips after pouring');
    expect(text).toMatch(/wonderland\/tea-party#2 {2}More tea {2}\d+ \w+ ago {2}checks: none/);
    expect(text).toContain('Pull requests awaiting your review\n    None');
    const plain = await kettle(['status', '--no-color'], { tty: true });
    expect(plain.stdout).not.toMatch(ANSI);
  });

  it('--login, repeated, names the servers to ask; the others are not asked', async () => {
    const r = await kettle(['status', '--login', 'play', '--login', 'home', '--json']);
    expectExit(r, 0);
    expect(Object.keys(json<Record<string, View>>(r))).toEqual(['play', 'home']);
    expect(work.server.requests).toHaveLength(0);
  });

  it('two logins of the same server are each shown, by name', async () => {
    expectExit(await kettle(['login', 'add', '--url', home.server.url, '--name', 'home-again', '--token', home.token]), 0);
    const r = await kettle(['status', '--login', 'home', '--login', 'home-again']);
    expectExit(r, 0);
    const names = rows(r.stdout).map((l) => l[0]);
    expect(names.filter((n) => n === 'home').length).toBe(names.filter((n) => n === 'home-again').length);
    expect(names.filter((n) => n === 'home').length).toBeGreaterThan(0);
  });

  it('one server answering garbage: one line in its section, the others intact, exit 1', async () => {
    work.server.fault({ kind: 'truncated', times: 100 });
    const piped = await kettle(['status']);
    expectExit(piped, 1);
    expect([...new Set(rows(piped.stdout).map((l) => l[0]))]).toEqual(['home', 'play']);
    const errors = piped.stderr.split('\n').filter(Boolean);
    expect(errors[0]).toMatch(new RegExp(`^kettle: work \\(${work.server.url}\\): .*not valid JSON`));
    expect(errors.at(-1)).toBe('kettle: 1 of 3 servers could not be read: work');
    const tty = await kettle(['status', '--no-color'], { tty: true });
    expectExit(tty, 1);
    expect(tty.stdout).toMatch(new RegExp(`work  ${work.server.url}\\n  ✗ .*not valid JSON`));
    expect(tty.stdout).toContain('home  ');
    expect(tty.stdout).toContain('play  ');
    const asJson = await kettle(['status', '--json']);
    expectExit(asJson, 1);
    const out = json<Record<string, { error?: string; user?: string }>>(asJson);
    expect(out.work?.error).toMatch(/not valid JSON/);
    expect(out.home?.user).toBe('alice');
  });

  it('a revoked token says so with the line that logs in again, without hiding the rest', async () => {
    work.server.state.tokens = work.server.state.tokens.filter((t) => t.sha1 !== work.token);
    try {
      const r = await kettle(['status', '--no-color'], { tty: true });
      expectExit(r, 1);
      expect(r.stdout).toContain('✗ authentication failed');
      expect(r.stdout).toContain(`Log in again:  kettle login add --url ${work.server.url} --name work --with-token < token.txt`);
      expect(r.stdout).toContain('Spout drips after pouring');
      expect(r.stdout).not.toContain(work.token);
      // Every server refusing the credentials: exit 4, as any 401.
      const alone = await kettle(['status', '--login', 'work']);
      expectExit(alone, 4);
    } finally {
      work.server.state.tokens.push({ id: 0, name: 'restored', login: 'alice', sha1: work.token, scopes: ['all'] });
    }
  });

  it('KETTLE_URL and KETTLE_TOKEN: the one server they name', async () => {
    const r = await kettle(['status', '--json'], { env: play.ciEnv });
    expectExit(r, 0);
    expect(Object.keys(json(r) as object)).toEqual([new URL(play.server.url).host]);
    expect(home.server.requests).toHaveLength(0);
  });

  it('no login at all: exit 4 with what to do; an unknown --login: exit 2', async () => {
    const none = await home.kettle(['status'], { env: { KETTLE_CONFIG_DIR: `${home.dir}/empty`, HOME: `${home.dir}/empty` } });
    expectExit(none, 4);
    expect(none.stderr).toContain('kettle login add');
    const unknown = await kettle(['status', '--login', 'nope']);
    expectExit(unknown, 2);
    expect(unknown.stderr).toMatch(/no login named "nope"; stored logins: home, work, play/);
  });

  it('a stored URL with user information in it is shown with it hidden', async () => {
    const file = join(home.configDir, 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { logins: Record<string, { url: string }> };
    const login = config.logins.play as { url: string };
    const url = new URL(login.url);
    url.username = 'alice';
    url.password = 'hunter2';
    login.url = url.toString();
    writeFileSync(file, JSON.stringify(config));
    // The server is asked all the same; only what is shown matters here.
    const r = await kettle(['status', '--login', 'play', '--no-color'], { tty: true });
    expect(r.stdout + r.stderr).not.toContain('hunter2');
    expect(r.stdout + r.stderr).not.toContain('alice:');
    expect(r.stdout).toContain(`play  ${play.server.url.replace('//', '//***@')}`);
  });

  it('--jq runs on the whole object', async () => {
    const r = await kettle(['status', '--jq', 'to_entries[] | "\\(.key) \\(.value.assigned | length)"']);
    expectExit(r, 0);
    expect(r.stdout).toBe('home 1\nwork 1\nplay 1\n');
  });
});

describe('kettle status asks every server at once', () => {
  /** Wall time of one status run. */
  async function timed(args: string[]): Promise<number> {
    const start = performance.now();
    const r = await kettle(args);
    expectExit(r, 0);
    return performance.now() - start;
  }

  it('servers of 0, 200 and 400 ms latency: well under the time of asking them one after another', async () => {
    home.server.set({ latencyMs: 0 });
    work.server.set({ latencyMs: 200 });
    play.server.set({ latencyMs: 400 });
    // Each alone, as a kettle that asked them in turn would.
    const alone = (await timed(['status', '--login', 'home'])) + (await timed(['status', '--login', 'work'])) + (await timed(['status', '--login', 'play']));
    for (const [, s] of ALL) s.server.resetRequests();
    const start = Date.now();
    const together = await timed(['status']);
    // About the slowest server's time: asked in turn, the three take their sum (here about 1.8 s of latency against 1.2 s).
    expect(together).toBeLessThan(alone * 0.85);
    // The slowest server alone sets the pace: each server's first requests came in at once, none waiting for another's answers.
    const firsts = ALL.map(([, s]) => (s.server.requests[0]?.at ?? Number.POSITIVE_INFINITY) - start);
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeLessThan(200);
    // And play's first round of requests went out together, before any of them could be answered.
    const first = play.server.requests[0]?.at ?? 0;
    const round = play.server.requests.filter((q) => q.at - first < 300);
    expect(round.map((q) => q.path).sort()).toEqual(['/notifications', '/notifications/new', '/repos/issues/search', '/repos/issues/search', '/repos/issues/search', '/user']);
  });
});

describe('kettle status when part of a server cannot be read', () => {
  type Partial = Omit<View, 'notifications' | 'created'> & {
    notifications: View['notifications'] | null;
    created: Array<{ title: string; checks: string | null }>;
    incomplete?: Array<{ read: string; error: string }>;
  };
  const CHECKS = /^\/repos\/wonderland\/tea-party\/commits\/[^/]+\/status$/;

  it("a pull request's check state that cannot be read: the rest of that server shown, the read named, exit 1", async () => {
    work.server.fault({ kind: 'status', status: 500, path: CHECKS, times: 100 });
    const asJson = await kettle(['status', '--json']);
    expectExit(asJson, 1);
    const out = json<Record<string, Partial>>(asJson);
    const w = out.work as Partial;
    expect(w.user).toBe('alice');
    expect(w.assigned.map((i) => i.number)).toEqual([2]);
    expect(w.notifications).toHaveLength(1);
    expect(w.created).toEqual([expect.objectContaining({ title: 'More tea', checks: null })]);
    expect(w.incomplete).toEqual([{ read: 'checks of wonderland/tea-party#2', error: expect.stringContaining('500') }]);
    expect(Object.keys(out.home as object)).not.toContain('incomplete');
    const errors = asJson.stderr.split('\n').filter(Boolean);
    expect(errors[0]).toMatch(new RegExp(`^kettle: work \\(${work.server.url}\\): could not read checks of wonderland/tea-party#2: .*500`));
    expect(errors.at(-1)).toBe('kettle: incomplete: work (checks of wonderland/tea-party#2)');

    const piped = await kettle(['status']);
    expectExit(piped, 1);
    const workRows = rows(piped.stdout).filter((l) => l[0] === 'work');
    expect(workRows.map((l) => l[1])).toEqual(['notifications', 'assigned', 'created']);
    expect(workRows.find((l) => l[1] === 'created')?.slice(4, 7)).toEqual(['More tea', expect.stringMatching(/^2026-/), '']);
    expect(piped.stderr).toContain('could not read checks of wonderland/tea-party#2');

    const tty = await kettle(['status', '--no-color'], { tty: true });
    expectExit(tty, 1);
    const section = tty.stdout.slice(tty.stdout.indexOf(`work  ${work.server.url}`), tty.stdout.indexOf('play  '));
    expect(section).toContain('Spout drips after pouring');
    expect(section).toContain('Notifications: 1 unread');
    expect(section).toMatch(/wonderland\/tea-party#2 {2}More tea {2}\d+ \w+ ago {2}checks: not read\n/);
    expect(section).toMatch(/ {4}✗ checks of wonderland\/tea-party#2 could not be read \(.*500.*\)\n/);
    expect(tty.stderr).toBe('kettle: incomplete: work (checks of wonderland/tea-party#2)\n');
  });

  it('a section that cannot be read: that one marked, the others of the server shown', async () => {
    work.server.fault({ kind: 'status', status: 500, path: '/notifications', times: 100 });
    const asJson = await kettle(['status', '--login', 'work', '--json']);
    expectExit(asJson, 1);
    const w = json<Record<string, Partial>>(asJson).work as Partial;
    expect(w.notifications).toBeNull();
    expect(w.assigned.map((i) => i.number)).toEqual([2]);
    expect(w.created).toEqual([expect.objectContaining({ title: 'More tea', checks: expect.any(String) })]);
    expect(w.incomplete).toEqual([{ read: 'notifications', error: expect.stringContaining('500') }]);

    const tty = await kettle(['status', '--login', 'work', '--no-color'], { tty: true });
    expectExit(tty, 1);
    expect(tty.stdout).toMatch(/\n {2}Notifications: 1 unread\n {4}✗ notifications could not be read \(.*500.*\)\n {2}Issues assigned to you\n {4}alice\/teapot#2/);
    expect(tty.stderr).toBe('kettle: incomplete: work (notifications)\n');
  });
});

describe('kettle status shows what a server sends, never obeys it', () => {
  const party = () => {
    const repo = play.server.state.repo('wonderland', 'tea-party');
    const pr = repo && play.server.state.issuesOf(repo).find((i) => i.pull);
    if (!pr) throw new Error('no pull request');
    return pr;
  };

  it('--jq goes through the printer: an escape sequence in a title is written \\u001b, not sent to the terminal', async () => {
    const pr = party();
    const was = pr.title;
    pr.title = 'More tea\u001b]0;pwned\u0007\u009b31m';
    try {
      const r = await kettle(['status', '--login', 'play', '--jq', '.play.created[0].title']);
      expectExit(r, 0);
      expect(r.stdout).toBe('More tea\\u001b]0;pwned\\u0007\\u009b31m\n');
      const tty = await kettle(['status', '--login', 'play', '--jq', '.play.created[0].title'], { tty: true });
      expect(tty.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    } finally {
      pr.title = was;
    }
  });
});
