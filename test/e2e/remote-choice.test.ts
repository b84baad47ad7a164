// Which repository the git remotes name, with stored logins (no KETTLE_URL):
// only remotes on a host kettle has a login for count, origin first, then
// upstream, then the others; a clone of a GitHub project whose second remote is
// on the Gitea host acts on that remote, and errors about a repository found
// this way name the remote and URL it came from. Real git repositories.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, sent, useServer } from '../support/suite.js';

const s = useServer({ login: 'none' });

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-C', cwd, ...args], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' } });
}

function checkout(remotes: Array<[name: string, url: string]>): string {
  const dir = join(s.dir, 'checkout');
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  for (const [name, url] of remotes) git(dir, 'remote', 'add', name, url);
  return dir;
}

async function storeLogin(): Promise<void> {
  expectExit(await s.kettle(['login', 'add', '--url', s.server.url, '--token', s.token]), 0);
  s.server.resetRequests();
}

describe('with a stored login', () => {
  it.each([
    [
      'origin on github.com, upstream on the Gitea host',
      [
        ['origin', 'https://github.com/someone/mirror.git'],
        ['upstream', () => `${s.server.url}/alice/teapot.git`],
      ],
    ],
    [
      'origin on github.com, another remote on the Gitea host',
      [
        ['origin', 'git@github.com:someone/mirror.git'],
        ['forge', () => 'git@127.0.0.1:alice/teapot.git'],
      ],
    ],
    [
      'upstream before the others',
      [
        ['forge', () => `${s.server.url}/wonderland/tea-party.git`],
        ['upstream', () => `${s.server.url}/alice/teapot.git`],
      ],
    ],
    [
      'origin first among remotes on login hosts',
      [
        ['upstream', () => `${s.server.url}/wonderland/tea-party.git`],
        ['origin', () => `${s.server.url}/alice/teapot.git`],
      ],
    ],
  ] as Array<[string, Array<[string, string | (() => string)]>]>)('%s', async (_what, remotes) => {
    await storeLogin();
    const dir = checkout(remotes.map(([name, url]) => [name, typeof url === 'string' ? url : url()]));
    const r = await s.kettle(['repo', 'view', '--json', '--fields', 'full_name'], { cwd: dir });
    expectExit(r, 0);
    expect(json<{ full_name: string }>(r).full_name).toBe('alice/teapot');
    expect(sent(s, 'GET').map((q) => q.path)).toEqual(['/repos/alice/teapot']);
  });

  it("issue create writes to the remote on the Gitea host, not to origin's path", async () => {
    await storeLogin();
    const dir = checkout([
      ['origin', 'https://github.com/alice/mirror.git'],
      ['upstream', `${s.server.url}/alice/teapot.git`],
    ]);
    expectExit(await s.kettle(['issue', 'create', '--title', 'Lid', '--body', ''], { cwd: dir }), 0);
    expect(sent(s, 'POST').map((q) => q.path)).toEqual(['/repos/alice/teapot/issues']);
  });

  it('a remote on a host with no login is passed over: exit 2 asking for -R', async () => {
    await storeLogin();
    const dir = checkout([['origin', 'https://github.com/someone/mirror.git']]);
    expectUsage(s, await s.kettle(['repo', 'view'], { cwd: dir }), /pass -R OWNER\/NAME/);
  });

  it.each([
    [['repo', 'view'], 'repository alice/nothing-here not found'],
    [['issue', 'view', '1'], 'repository alice/nothing-here not found'],
    [['hook', 'list'], 'repository alice/nothing-here not found'],
  ])('%j: the error names the remote and URL the repository came from', async (args, message) => {
    await storeLogin();
    const url = `${s.server.url}/alice/nothing-here.git`;
    const dir = checkout([
      ['origin', 'https://github.com/someone/mirror.git'],
      ['upstream', url],
    ]);
    const r = await s.kettle(args, { cwd: dir });
    expectExit(r, 1);
    expect(r.stderr.split('\n')[0]).toBe(`kettle: ${message} (from git remote "upstream", ${url})`);
  });

  it('a URL with credentials in it is named with them hidden', async () => {
    await storeLogin();
    const dir = checkout([['origin', `http://alice:hunter2@127.0.0.1:1/alice/nothing-here.git`]]);
    const r = await s.kettle(['repo', 'view'], { cwd: dir });
    expectExit(r, 1);
    expect(r.stderr.split('\n')[0]).toBe('kettle: repository alice/nothing-here not found (from git remote "origin", http://***@127.0.0.1:1/alice/nothing-here.git)');
  });

  it('-R names no remote', async () => {
    await storeLogin();
    const r = await s.kettle(['repo', 'view', '-R', 'alice/nothing-here']);
    expect(r.stderr.split('\n')[0]).toBe('kettle: repository alice/nothing-here not found');
  });
});
