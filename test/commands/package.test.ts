// kettle package list|view|delete|link|unlink against the in-memory server
// (test/server/routes-packages.ts), per release where they differ.
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, record, rows, sent, useServer } from '../support/suite.js';
import { addPackage, packageVersions } from '../server/routes-packages.js';

const s = useServer({ runner: 'in-process' });
const G23 = { forgejo: false, version: undefined };
const G27 = { forgejo: false, version: '1.27.0' };
const F11 = { forgejo: true, version: undefined };
const F15 = { forgejo: true, version: '15.0.3+gitea-1.22.0' };
const LINKING = [
  ['Gitea 1.27.0', G27],
  ['Forgejo 11.0.1', F11],
  ['Forgejo 15.0.3', F15],
] as const;

let n = 0;
let name: string;
beforeEach(() => {
  n++;
  name = `kettle-tools-${n}`;
  addPackage(s.server.state, { owner: 'alice', type: 'generic', name, version: '1.0.0' });
  addPackage(s.server.state, { owner: 'alice', type: 'generic', name, version: '1.1.0' });
  addPackage(s.server.state, { owner: 'wonderland', type: 'npm', name: `tea-${n}`, version: '2.0.0', creator: 'bob' });
});
const mine = () => packageVersions(s.server.state).filter((p) => p.name === name);

describe('package list', () => {
  it('your packages by default, each version a record; --type keeps one type', async () => {
    const r = await s.kettle(['package', 'list', '--type', 'generic', '--json', '--fields', 'type,name,version']);
    expectExit(r, 0);
    const list = json<Array<{ name: string; version: string }>>(r).filter((p) => p.name === name);
    expect(list.map((p) => p.version).sort()).toEqual(['1.0.0', '1.1.0']);
    expect(sent(s, 'GET', '/packages/alice')[0]?.query).toMatchObject({ type: 'generic' });
    const org = await s.kettle(['package', 'list', '--owner', 'wonderland']);
    expectExit(org, 0);
    expect(
      rows(org.stdout)
        .find((row) => row[1] === `tea-${n}`)
        ?.slice(0, 3),
    ).toEqual(['npm', `tea-${n}`, '2.0.0']);
  });

  it('an owner that does not exist, a type no server has: one line', async () => {
    expectFailure(await s.kettle(['package', 'list', '--owner', 'nobody-here']), 'user or organization nobody-here not found');
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['package', 'list', '--type', 'tarball']), /--type/);
    expectUsage(s, await s.kettle(['package', 'list', '--owner', 'a/b']), '--owner takes a user or organization name, not "a/b"');
  });
});

describe('package view', () => {
  it.each([
    ['Gitea 1.23.8', G23],
    ['Gitea 1.27.0', G27],
    ['Forgejo 11.0.1', F11],
  ])('%s: a version, or without one the newest', async (_name, flavor) => {
    s.server.set({ flavor });
    const one = await s.kettle(['package', 'view', 'generic', name, '1.0.0']);
    expectExit(one, 0);
    expect(record(one.stdout)).toMatchObject({ type: 'generic', name, version: '1.0.0', owner: 'alice' });
    const newest = await s.kettle(['package', 'view', 'generic', name, '--json', '--jq', '.version']);
    expectExit(newest, 0);
    expect(newest.stdout).toBe('1.1.0\n');
  });

  it('a version or a package that does not exist', async () => {
    expectFailure(await s.kettle(['package', 'view', 'generic', name, '9.9.9']), `generic package ${name} 9.9.9 of alice not found`);
    expectFailure(await s.kettle(['package', 'view', 'generic', 'no-such-package']), 'generic package no-such-package of alice not found');
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['package', 'view', 'tarball', name]), /tarball/);
  });
});

describe('package delete', () => {
  it('deletes one version with --yes; the others stay', async () => {
    const r = await s.kettle(['package', 'delete', 'generic', name, '1.0.0', '--yes']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Deleted generic package ${name} 1.0.0 of alice\n`);
    expect(sent(s, 'DELETE', `/packages/alice/generic/${name}/1.0.0`)).toHaveLength(1);
    expect(mine().map((p) => p.version)).toEqual(['1.1.0']);
  });

  it('without --yes and no terminal: a usage error, nothing sent', async () => {
    expectUsage(s, await s.kettle(['package', 'delete', 'generic', name, '1.0.0']), `refusing to delete generic package ${name} 1.0.0 without confirmation; pass --yes`);
    expect(mine()).toHaveLength(2);
  });

  it('another owner’s package: permission denied; a missing version: not found', async () => {
    expectFailure(
      await s.kettle(['package', 'delete', 'npm', `tea-${n}`, '2.0.0', '--owner', 'wonderland', '--yes'], { env: { KETTLE_TOKEN: s.server.addToken('carol') } }),
      `cannot delete npm package tea-${n} 2.0.0 of wonderland: permission denied (user should have specific permission or be a site admin)`,
    );
    expectFailure(await s.kettle(['package', 'delete', 'generic', name, '3.0.0', '--yes']), `generic package ${name} 3.0.0 of alice not found`);
    expect(mine()).toHaveLength(2);
  });
});

describe('package link and unlink', () => {
  it.each(LINKING)('%s: links to a repository of the owner, then unlinks; twice is one line each', async (_name, flavor) => {
    s.server.set({ flavor });
    const r = await s.kettle(['package', 'link', 'generic', name, 'alice/teapot']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Linked generic package ${name} of alice to alice/teapot\n`);
    expect(sent(s, 'POST', `/packages/alice/generic/${name}/-/link/teapot`)).toHaveLength(1);
    const view = await s.kettle(['package', 'view', 'generic', name, '1.0.0', '--json', '--jq', '.repository.full_name']);
    expect(view.stdout).toBe('alice/teapot\n');
    expectFailure(await s.kettle(['package', 'link', 'generic', name, 'alice/teapot']), /it is linked to a repository already/);
    const un = await s.kettle(['package', 'unlink', 'generic', name]);
    expectExit(un, 0);
    expect(un.stderr).toBe(`✓ Unlinked generic package ${name} of alice from its repository\n`);
    const again = await s.kettle(['package', 'unlink', 'generic', name]);
    expectExit(again, 0);
    expect(again.stderr).toBe(`kettle: generic package ${name} of alice is not linked to a repository; nothing was changed\n`);
  });

  it('a repository or a package that does not exist is named', async () => {
    s.server.set({ flavor: G27 });
    expectFailure(await s.kettle(['package', 'link', 'generic', name, 'alice/no-such-repo']), 'repository alice/no-such-repo not found');
    expectFailure(await s.kettle(['package', 'link', 'generic', 'no-such-package', 'alice/teapot']), 'generic package no-such-package of alice not found');
  });

  it('Gitea 1.23: one line naming the releases that link packages, nothing sent', async () => {
    s.server.set({ flavor: G23 });
    expectFailure(await s.kettle(['package', 'link', 'generic', name, 'alice/teapot']), /^kettle: linking a package needs Gitea 1\.24 or later or Forgejo; .* runs Gitea 1\.23\.8$/);
    expectFailure(await s.kettle(['package', 'unlink', 'generic', name]), /^kettle: unlinking a package needs Gitea 1\.24 or later or Forgejo; .* runs Gitea 1\.23\.8$/);
    expect(s.server.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });
});
