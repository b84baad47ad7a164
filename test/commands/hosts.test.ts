// Which stored login a command uses when there are several: the repository's
// host (from -R HOST/OWNER/NAME, a web URL, or the git remote) chooses, unless
// --login or KETTLE_LOGIN says; the default serves only when no host is known.
// Two in-memory servers, "home" at the root and "work" as a sub-path
// deployment (/forge), both holding the demo data; which one was asked tells
// which login was used. KETTLE_URL with a repository on another server exits 4
// and sends nothing anywhere.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, type RunResult } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';

const home = useServer({ runner: 'in-process', login: 'none' });
const work = useServer({ runner: 'in-process', login: 'none', server: { basePath: '/forge' } });

/** kettle with the config folder holding both logins ("home", the default, then "work"). */
const kettle = (args: string[], env: Record<string, string | undefined> = {}, cwd?: string): Promise<RunResult> => home.kettle(args, { env, ...(cwd !== undefined ? { cwd } : {}) });

/** Which servers were asked anything, after the logins were added. */
function asked(): string[] {
  return [...(home.server.requests.length ? ['home'] : []), ...(work.server.requests.length ? ['work'] : [])];
}

const hostOf = (url: string) => new URL(url).host;

beforeEach(async () => {
  expectExit(await kettle(['login', 'add', '--url', home.server.url, '--name', 'home', '--token', home.token]), 0);
  expectExit(await kettle(['login', 'add', '--url', work.server.url, '--name', 'work', '--token', work.token]), 0);
  home.server.resetRequests();
  work.server.resetRequests();
});

function pullNumber(): number {
  const repo = work.server.state.repo('alice', 'teapot');
  const pull = repo && work.server.state.issuesOf(repo).find((i) => i.pull);
  if (!pull) throw new Error('no pull request in alice/teapot');
  return pull.number;
}

describe('the repository host chooses the login', () => {
  it.each([
    ['-R OWNER/NAME: the default login', 'home', () => ['repo', 'view', '-R', 'alice/teapot', '--json']],
    ['-R HOST/SUB/OWNER/NAME', 'work', () => ['repo', 'view', '-R', `${hostOf(work.server.url)}/forge/alice/teapot`, '--json']],
    ['-R web URL with .git', 'work', () => ['repo', 'view', '-R', `${work.server.url}/alice/teapot.git`, '--json']],
    ['repo view URL', 'work', () => ['repo', 'view', `${work.server.url}/alice/teapot`, '--json']],
    ['-R HOST/OWNER/NAME of the default', 'home', () => ['repo', 'view', '-R', `${hostOf(home.server.url)}/alice/teapot`, '--json']],
    ['issue view URL', 'work', () => ['issue', 'view', `${work.server.url}/alice/teapot/issues/1`, '--json']],
    ['issue close URLs', 'work', () => ['issue', 'comment', `${work.server.url}/alice/teapot/issues/1`, `${work.server.url}/alice/teapot/issues/2`, '--body', 'hi', '--json']],
    ['pr view URL', 'work', () => ['pr', 'view', `${work.server.url}/alice/teapot/pulls/${pullNumber()}`, '--json']],
    ['pr diff URL', 'work', () => ['pr', 'diff', `${work.server.url}/alice/teapot/pulls/${pullNumber()}`, '--name-only']],
  ])('%s → %s', async (_what, server, args) => {
    const r = await kettle(args());
    expectExit(r, 0);
    expect(asked()).toEqual([server]);
  });

  it('issue view by URL reads the issue the URL names', async () => {
    const r = await kettle(['issue', 'view', `${work.server.url}/alice/teapot/issues/2`, '--json']);
    expectExit(r, 0);
    expect(json<{ number: number }>(r).number).toBe(2);
    expect(work.server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /repos/alice/teapot/issues/2']);
  });

  it.each([
    ['--login', ['--login', 'home'], {}],
    ['KETTLE_LOGIN', [], { KETTLE_LOGIN: 'home' }],
  ])('%s wins over the host', async (_what, flags, env) => {
    const r = await kettle(['repo', 'view', '-R', `${work.server.url}/alice/teapot`, '--json', ...flags], env);
    expectExit(r, 0);
    expect(asked()).toEqual(['home']);
  });

  it("the git remote's host chooses the login", async () => {
    const dir = join(home.dir, 'clone');
    mkdirSync(dir);
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } });
    git('init', '-q');
    git('remote', 'add', 'origin', `${work.server.url}/alice/teapot.git`);
    const r = await kettle(['issue', 'list', '--json'], {}, dir);
    expectExit(r, 0);
    expect(asked()).toEqual(['work']);
  });

  it('a URL and -R naming different repositories is a usage error', async () => {
    const r = await kettle(['issue', 'view', `${work.server.url}/alice/teapot/issues/1`, '-R', 'bob/toolbox']);
    expectExit(r, 2);
    expect(r.stderr).toMatch(/name different repositories/);
    expect(asked()).toEqual([]);
  });

  it('a URL on a server with no login: exit 4 with the login add line, nothing sent', async () => {
    const r = await kettle(['issue', 'view', 'https://elsewhere.example/deep/alice/teapot/issues/1']);
    expectExit(r, 4);
    expect(r.stderr).toBe('kettle: no stored login for elsewhere.example\n  Add one:  kettle login add --url https://elsewhere.example/deep\n');
    expect(asked()).toEqual([]);
  });

  it('login list marks the login each server uses', async () => {
    const r = await kettle(['login', 'list', '--json']);
    expectExit(r, 0);
    expect(json<Array<{ name: string; default: boolean; host_login: boolean }>>(r).map((l) => [l.name, l.default, l.host_login])).toEqual([
      ['home', true, true],
      ['work', false, true],
    ]);
    const plain = await kettle(['login', 'list']);
    expect(plain.stdout.split('\n')[1]?.split('\t')[4]).toBe(`${hostOf(work.server.url)}/forge`);
  });

  it('two logins on one URL: the default among them, and the other with --login', async () => {
    const bob = work.server.addToken('bob');
    expectExit(await kettle(['login', 'add', '--url', work.server.url, '--name', 'work-bob', '--token', bob]), 0);
    const list = json<Array<{ name: string; host_login: boolean }>>(await kettle(['login', 'list', '--json']));
    expect(list.map((l) => [l.name, l.host_login])).toEqual([
      ['home', true],
      ['work', true],
      ['work-bob', false],
    ]);
    work.server.resetRequests();
    const issue = `${work.server.url}/alice/teapot/issues/1`;
    expectExit(await kettle(['issue', 'view', issue, '--json']), 0);
    expect(work.server.requests.map((q) => q.user)).toEqual(['alice']);
    work.server.resetRequests();
    expectExit(await kettle(['issue', 'view', issue, '--json', '--login', 'work-bob']), 0);
    expect(work.server.requests.map((q) => q.user)).toEqual(['bob']);
    expectExit(await kettle(['login', 'default', 'work-bob']), 0);
    work.server.resetRequests();
    expectExit(await kettle(['issue', 'view', issue, '--json']), 0);
    expect(work.server.requests.map((q) => q.user)).toEqual(['bob']);
  });
});

describe('KETTLE_URL and KETTLE_TOKEN', () => {
  it.each([
    ['-R HOST/OWNER/NAME', () => ['repo', 'view', '-R', `${hostOf(work.server.url)}/forge/alice/teapot`]],
    ['an issue URL', () => ['issue', 'view', `${work.server.url}/alice/teapot/issues/1`]],
  ] as const)('%s on another server: exit 4 and the token goes nowhere', async (_what, args) => {
    const r = await kettle(args(), home.ciEnv);
    expectExit(r, 4);
    expect(r.stderr.split('\n')[0]).toBe(`kettle: ${hostOf(work.server.url)} is not on KETTLE_URL's server (${home.server.url}); KETTLE_TOKEN is not sent there`);
    expect(asked()).toEqual([]);
  });

  it('a URL on its own server is used', async () => {
    const r = await kettle(['issue', 'view', `${home.server.url}/alice/teapot/issues/1`, '--json'], home.ciEnv);
    expectExit(r, 0);
    expect(asked()).toEqual(['home']);
  });
});
