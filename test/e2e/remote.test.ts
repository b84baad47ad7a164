// The repository from the git remotes of the current directory, in real
// temporary git repositories: each remote form, origin first, then a remote on
// the login's host, and a usage error asking for -R when nothing resolves.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, sent, useServer } from '../support/suite.js';

const s = useServer();

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-C', cwd, ...args], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, GIT_CONFIG_NOSYSTEM: '1' } });
}

/** A git repository in the test's folder with these remotes, in this order. */
function repoWithRemotes(remotes: Array<[name: string, url: string]>, sub = 'checkout'): string {
  const dir = join(s.dir, sub);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  for (const [name, url] of remotes) git(dir, 'remote', 'add', name, url);
  return dir;
}

/** Which repository kettle resolved, by the request it sent. */
async function resolved(cwd: string, args: string[] = ['repo', 'view', '--json', '--fields', 'full_name']): Promise<string> {
  const r = await s.kettle(args, { cwd });
  expectExit(r, 0);
  return json<{ full_name: string }>(r).full_name;
}

describe('each remote form', () => {
  const host = '127.0.0.1';
  it.each([
    ['https with .git', () => `${s.server.url.replace('http:', 'https:')}/alice/teapot.git`],
    ['http without .git', () => `${s.server.url}/alice/teapot`],
    ['http with a trailing slash', () => `${s.server.url}/alice/teapot/`],
    ['ssh:// with a port', () => `ssh://git@${host}:2222/alice/teapot.git`],
    ['ssh:// without a port or .git', () => `ssh://git@${host}/alice/teapot`],
    ['scp-style with .git', () => `git@${host}:alice/teapot.git`],
    ['scp-style without .git', () => `git@${host}:alice/teapot`],
    ['https with credentials in it', () => `http://alice:hunter2@${host}:1/alice/teapot.git`],
  ])('%s', async (_form, url) => {
    const dir = repoWithRemotes([['origin', url()]]);
    expect(await resolved(dir)).toBe('alice/teapot');
    expect(sent(s, 'GET', '/repos/alice/teapot')).toHaveLength(1);
  });

  it('works from a sub-folder of the checkout, for every repository-scoped command', async () => {
    const dir = repoWithRemotes([['origin', `git@${host}:alice/teapot.git`]]);
    const deeper = join(dir, 'src', 'lid');
    mkdirSync(deeper, { recursive: true });
    const r = await s.kettle(['issue', 'list', '--json', '--fields', 'number'], { cwd: deeper });
    expectExit(r, 0);
    expect(sent(s, 'GET', '/repos/alice/teapot/issues')).toHaveLength(1);
    for (const args of [
      ['pr', 'list'],
      ['hook', 'list'],
      ['issue', 'view', '1'],
    ]) {
      expectExit(await s.kettle(args, { cwd: deeper }), 0);
    }
    // pr verbs read the repository first: in a clone of a fork, they act on its parent.
    expect(sent(s, 'GET').map((q) => q.path)).toEqual(['/repos/alice/teapot/issues', '/repos/alice/teapot', '/repos/alice/teapot/pulls', '/repos/alice/teapot/hooks', '/repos/alice/teapot/issues/1']);
  });
});

describe('which remote', () => {
  it('takes origin first, whatever other remotes there are', async () => {
    const dir = repoWithRemotes([
      ['upstream', `${s.server.url}/wonderland/tea-party.git`],
      ['origin', `${s.server.url}/alice/teapot.git`],
    ]);
    expect(await resolved(dir)).toBe('alice/teapot');
  });

  it("without origin, takes a remote whose host is the login's host", async () => {
    const dir = repoWithRemotes([
      ['mirror', 'https://github.com/somebody/elsewhere.git'],
      ['forge', `git@127.0.0.1:wonderland/tea-party.git`],
    ]);
    expect(await resolved(dir)).toBe('wonderland/tea-party');
  });

  it('-R wins over the remotes', async () => {
    const dir = repoWithRemotes([['origin', `${s.server.url}/alice/teapot.git`]]);
    expect(await resolved(dir, ['repo', 'view', '-R', 'bob/toolbox', '--json', '--fields', 'full_name'])).toBe('bob/toolbox');
    expect(sent(s, 'GET').map((q) => q.path)).toEqual(['/repos/bob/toolbox']);
  });

  it.each([
    ["no remote on the login's host", [['mirror', 'https://github.com/somebody/elsewhere.git']] as Array<[string, string]>],
    ['a remote that is a local path', [['origin', '/srv/git/teapot.git']] as Array<[string, string]>],
    ['no remotes at all', [] as Array<[string, string]>],
  ])('%s: exit 2 asking for -R, before any request', async (_what, remotes) => {
    const dir = repoWithRemotes(remotes);
    for (const args of [
      ['issue', 'list'],
      ['pr', 'create', '--title', 'T', '--head', 'a', '--base', 'b'],
      ['hook', 'add', '--url', 'https://x.example'],
    ]) {
      expectUsage(s, await s.kettle(args, { cwd: dir }), /pass -R OWNER\/NAME/);
    }
  });

  it('outside any git repository: exit 2 asking for -R', async () => {
    expectUsage(s, await s.kettle(['issue', 'close', '1']), /no repository given.*pass -R OWNER\/NAME/);
  });
});

describe('a sub-path deployment', () => {
  const forge = useServer({ server: { basePath: '/forge' } });

  it('reads owner and name after the sub-path, in https and ssh remotes', async () => {
    for (const [i, url] of [`${forge.server.url}/wonderland/tea-party.git`, `ssh://git@127.0.0.1/forge/wonderland/tea-party.git`].entries()) {
      const dir = repoWithRemotes([['origin', url]], `forge-${i}`);
      forge.server.resetRequests();
      const r = await forge.kettle(['issue', 'list', '--json', '--fields', 'title'], { cwd: dir });
      expectExit(r, 0);
      expect(json<Array<{ title: string }>>(r).map((x) => x.title)).toEqual(["Move the party to six o'clock"]);
      expect(forge.server.requests.map((q) => q.rawUrl.split('?')[0])).toEqual(['/forge/api/v1/repos/wonderland/tea-party/issues']);
    }
  });
});
