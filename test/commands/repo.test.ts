// kettle repo list|view|create|delete, run in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { SPEC_VARIANT } from '../server/index.js';
import { expectExit, expectFailure, expectUsage, record, rows, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

type RepoJson = { id: number; full_name: string; private: boolean; description: string; html_url: string };

/** What the server holds for alice: the repositories she can write to. */
function aliceRepos(): string[] {
  return s.server.state.repos.filter((r) => s.server.state.canWrite('alice', r)).map((r) => `${r.owner}/${r.name}`);
}

describe('repo list', () => {
  it('prints one tab-separated row per repository of the logged-in user', async () => {
    const r = await s.kettle(['repo', 'list']);
    expectExit(r, 0);
    expect(r.stderr).toBe('');
    const table = rows(r.stdout);
    expect(table.map((row) => row[0])).toEqual(aliceRepos());
    const notes = table.find((row) => row[0] === 'alice/notes');
    expect(notes?.slice(1, 3)).toEqual(['Private notes', 'private']);
    expect(notes?.[3]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(sent(s, 'GET', '/user/repos')).toHaveLength(1);
  });

  it('--json prints the server records; --fields keeps only those keys', async () => {
    const r = await s.kettle(['repo', 'list', '--json']);
    expectExit(r, 0);
    const list = json<RepoJson[]>(r);
    expect(list.map((x) => x.full_name)).toEqual(aliceRepos());
    for (const repo of list) {
      const held = s.server.state.repos.find((x) => x.id === repo.id);
      expect(repo).toMatchObject({ private: held?.private, description: held?.description });
    }
    const picked = json<unknown[]>(await s.kettle(['repo', 'list', '--json', '--fields', 'full_name,owner.login']));
    expect(picked[0]).toEqual({ full_name: 'alice/teapot', owner: { login: 'alice' } });
  });

  it('--fields picks the plain columns', async () => {
    const r = await s.kettle(['repo', 'list', '--fields', 'full_name,visibility', '--limit', '2']);
    expectExit(r, 0);
    expect(rows(r.stdout)).toEqual([
      ['alice/teapot', 'public'],
      ['alice/notes', 'private'],
    ]);
  });

  it.each([
    ['with X-PerPage (the API description)', SPEC_VARIANT],
    ['with Link and X-Total-Count only (Gitea)', {}],
  ] as const)('copes with a server that caps the page size below what was asked, %s', async (_name, variant) => {
    s.server.set({ ...variant, maxPageSize: 2 });
    const r = await s.kettle(['repo', 'list', '--limit', '3', '--json', '--fields', 'full_name']);
    expectExit(r, 0);
    expect(json<Array<{ full_name: string }>>(r).map((x) => x.full_name)).toEqual(aliceRepos());
    expect(sent(s, 'GET', '/user/repos').length).toBeGreaterThanOrEqual(2);
  });

  it("--user lists another user's repositories", async () => {
    const r = await s.kettle(['repo', 'list', '--user', 'bob', '--json']);
    expectExit(r, 0);
    expect(json<RepoJson[]>(r).map((x) => x.full_name)).toEqual(['bob/toolbox']);
    expect(sent(s, 'GET', '/users/bob/repos')).toHaveLength(1);
  });

  it('--user takes an organization as well', async () => {
    const r = await s.kettle(['repo', 'list', '--user', 'wonderland']);
    expectExit(r, 0);
    expect(rows(r.stdout).map((row) => row[0])).toEqual(['wonderland/tea-party']);
  });

  it('names the user that does not exist', async () => {
    expectFailure(await s.kettle(['repo', 'list', '--user', 'nobody']), 'user nobody not found');
  });

  it.each([
    [['--limit', 'ten'], /--limit/],
    [['--limit', '0'], /--limit/],
    [['--page', '-1'], /--page/],
    [['--user', '../bob'], /--user/],
  ])('refuses %j before any request', async (flags, mention) => {
    expectUsage(s, await s.kettle(['repo', 'list', ...flags]), mention);
  });
});

describe('repo view', () => {
  it('prints key<TAB>value lines', async () => {
    const r = await s.kettle(['repo', 'view', 'alice/teapot']);
    expectExit(r, 0);
    const view = record(r.stdout);
    expect(view).toMatchObject({ full_name: 'alice/teapot', description: 'A teapot that knows when to stop', visibility: 'public', html_url: `${s.server.url}/alice/teapot` });
    expect(sent(s, 'GET', '/repos/alice/teapot')).toHaveLength(1);
  });

  it('takes the repository from -R as well, and --json --fields from the record', async () => {
    const r = await s.kettle(['repo', 'view', '-R', 'wonderland/tea-party', '--json', '--fields', 'full_name,private,permissions.push']);
    expectExit(r, 0);
    expect(json(r)).toEqual({ full_name: 'wonderland/tea-party', private: false, permissions: { push: true } });
  });

  it('names the missing repository', async () => {
    expectFailure(await s.kettle(['repo', 'view', 'alice/nope']), 'repository alice/nope not found');
  });

  it.each(['alice', 'alice/teapot/extra', '../teapot', 'alice/te pot', 'alice/..'])('refuses the repository argument %j', async (arg) => {
    expectUsage(s, await s.kettle(['repo', 'view', arg]), /OWNER\/NAME/);
  });

  it('refuses both OWNER/NAME and -R', async () => {
    expectUsage(s, await s.kettle(['repo', 'view', 'alice/teapot', '-R', 'bob/toolbox']), /either OWNER\/NAME or -R/);
  });

  it('asks for -R when nothing names the repository', async () => {
    expectUsage(s, await s.kettle(['repo', 'view']), /pass -R OWNER\/NAME/);
  });
});

describe('repo create', () => {
  it('creates the repository with its options and confirms on stderr', async () => {
    const r = await s.kettle(['repo', 'create', 'kettle-notes', '--description', 'Brewing log', '--private', '--init', '--json']);
    expectExit(r, 0);
    const made = json<RepoJson>(r);
    const held = s.server.state.repo('alice', 'kettle-notes');
    expect(held).toMatchObject({ description: 'Brewing log', private: true, branches: ['main'] });
    expect(made).toMatchObject({ id: held?.id, full_name: 'alice/kettle-notes', private: true });
    expect(sent(s, 'POST', '/user/repos')[0]?.body).toEqual({ name: 'kettle-notes', description: 'Brewing log', private: true, auto_init: true });
    expect(r.stderr).toBe(`✓ Created repository alice/kettle-notes ${s.server.url}/alice/kettle-notes\n`);
  });

  it('sends private and auto_init false by default', async () => {
    const r = await s.kettle(['repo', 'create', 'plain-pot']);
    expectExit(r, 0);
    expect(record(r.stdout)).toMatchObject({ full_name: 'alice/plain-pot', visibility: 'public' });
    expect(sent(s, 'POST', '/user/repos')[0]?.body).toEqual({ name: 'plain-pot', private: false, auto_init: false });
    expect(s.server.state.repo('alice', 'plain-pot')?.branches).toEqual([]);
  });

  it('says the name is taken', async () => {
    expectFailure(await s.kettle(['repo', 'create', 'teapot']), 'a repository named teapot already exists');
  });

  it('lists the 422 field errors', async () => {
    // Real servers refuse names ending in .git; kettle leaves that to the server.
    const lines = expectFailure(await s.kettle(['repo', 'create', 'pot.git']), /^kettle: cannot create repository pot\.git: /);
    expect(lines.slice(1)).toEqual(['  name: invalid']);
  });

  it.each(['bad name', '..', 'a/b/c', 'a/..', ''])('refuses the name %j before any request', async (name) => {
    expectUsage(s, await s.kettle(['repo', 'create', name]), /repository name|missing required argument/);
  });
});

describe('repo delete', () => {
  it('refuses without a terminal unless --yes, and deletes nothing', async () => {
    s.server.state.addRepo('alice', 'doomed');
    expectUsage(s, await s.kettle(['repo', 'delete', 'alice/doomed']), /--yes/);
    expect(s.server.state.repo('alice', 'doomed')).toBeDefined();
  });

  it('deletes with --yes (204) and confirms on stderr', async () => {
    s.server.state.addRepo('alice', 'doomed2');
    const r = await s.kettle(['repo', 'delete', 'alice/doomed2', '--yes']);
    expectExit(r, 0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('✓ Deleted repository alice/doomed2\n');
    expect(s.server.state.repo('alice', 'doomed2')).toBeUndefined();
    expect(sent(s, 'DELETE', '/repos/alice/doomed2').map((q) => q.status)).toEqual([204]);
  });

  it('names the missing repository', async () => {
    expectFailure(await s.kettle(['repo', 'delete', 'alice/never', '--yes']), 'repository alice/never not found');
  });

  it('says when the server refuses', async () => {
    const lines = expectFailure(await s.kettle(['repo', 'delete', 'bob/toolbox', '-y']), /^kettle: cannot delete bob\/toolbox: permission denied/);
    expect(lines).toHaveLength(1);
    expect(s.server.state.repo('bob', 'toolbox')).toBeDefined();
  });

  it('refuses a malformed OWNER/NAME before any request', async () => {
    expectUsage(s, await s.kettle(['repo', 'delete', 'alice', '--yes']), /OWNER\/NAME/);
  });
});
