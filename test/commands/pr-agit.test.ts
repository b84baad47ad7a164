// kettle pr create --agit, run in-process, with real git pushing over http to
// a git server whose proc-receive hook does what the servers' AGit receive
// does (routes-ci.ts agitReceive): it opens or updates the pull request and
// points refs/pull/N/head at the pushed commit.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, tempDir } from '../support/harness.js';
import { expectExit, sent, useServer } from '../support/suite.js';
import { ciData } from '../server/routes-ci.js';
import { type GitHttp, startGitHttp } from '../support/git-http.js';

const s = useServer({ runner: 'in-process' });
const root = tempDir('kettle-agit-');
let server: GitHttp;

beforeAll(async () => {
  server = await startGitHttp(s.server, join(root.path, 'git'));
});
afterAll(async () => {
  await server.close();
  root.cleanup();
});

const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV, HOME: root.path } }).trim();
}

function commit(cwd: string, file: string, text: string, message: string, ...extra: string[]): string {
  writeFileSync(join(cwd, file), text);
  git(cwd, 'add', file);
  git(cwd, 'commit', '-q', ...extra, '-m', message);
  return git(cwd, 'rev-parse', 'HEAD');
}

let counter = 0;
/** alice/<name> on the server and in the git server, and a clone on branch `lid` one commit ahead, pushing as alice. */
function setup() {
  const name = `agit-${++counter}`;
  const repo = s.server.state.addRepo('alice', name, { init: true });
  const bare = server.bare('alice', name);
  const clone = join(root.path, 'clones', name);
  mkdirSync(clone, { recursive: true });
  git(clone, 'init', '-q', '-b', 'main');
  commit(clone, 'README.md', '# teapot\n', 'Start');
  git(clone, 'push', '-q', bare, 'main');
  git(clone, 'remote', 'add', 'origin', `${server.url}/alice/${name}.git`);
  // The test's own helper: the token for the push, as kettle's helper would give it.
  git(clone, 'config', 'credential.helper', `!f() { echo username=alice; echo password=${s.token}; }; f`);
  git(clone, 'switch', '-q', '-c', 'lid');
  const head = commit(clone, 'lid.txt', 'felt\n', 'Add felt under the lid\n\nIt was loud.');
  return { repo, bare, clone, head, name, env: { ...GIT_ENV, HOME: root.path } };
}

/** One clone for the cases that never push. */
let shared: ReturnType<typeof setup> | undefined;

const pullsOf = (repo: ReturnType<typeof setup>['repo']) => s.server.state.issuesOf(repo).filter((i) => i.pull);

// Each test pushes over http through git's hooks: slow on a loaded machine.
describe('pr create --agit', { timeout: 90_000 }, () => {
  it('pushes HEAD to refs/for/<base>/<topic> with the push options; the server opens the pull request; kettle finds it', async () => {
    const t = setup();
    const r = await s.kettle(['pr', 'create', '--agit', '--title', 'Quieter lid', '--body', 'Felt under the lid.', '--json', '--fields', 'number,title,body,head,base'], { cwd: t.clone, env: t.env });
    expectExit(r, 0);
    const [pr] = pullsOf(t.repo);
    expect(pr?.pull).toMatchObject({ head: 'alice/lid', base: 'main' });
    expect(ciData(s.server.state).pushes.at(-1)).toEqual({
      ref: 'refs/for/main/lid',
      options: { topic: 'lid', title: 'Quieter lid', description: 'Felt under the lid.' },
      result: { number: pr?.number, created: true },
    });
    expect(git(t.bare, 'rev-parse', `refs/pull/${pr?.number}/head`)).toBe(t.head);
    // No branch was made on the server's git side.
    expect(git(t.bare, 'for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/for')).toBe('refs/heads/main');
    const record = json<{ number: number; title: string; body: string; head: { ref: string; label: string; sha: string }; base: { ref: string } }>(r);
    expect(record).toMatchObject({
      number: pr?.number,
      title: 'Quieter lid',
      body: 'Felt under the lid.',
      head: { ref: `refs/pull/${pr?.number}/head`, label: '', sha: t.head },
      base: { ref: 'main' },
    });
    expect(r.stderr).toContain(`✓ Created pull request #${pr?.number} in alice/${t.name} (topic lid) ${s.server.url}/alice/${t.name}/pulls/${pr?.number}\n`);
  });

  it('without --title: the server takes the commit message; without --json nothing on stdout', async () => {
    const t = setup();
    const r = await s.kettle(['pr', 'create', '--agit', '--topic', 'felt'], { cwd: t.clone, env: t.env });
    expectExit(r, 0);
    expect(r.stdout).toBe('');
    const [pr] = pullsOf(t.repo);
    expect(pr).toMatchObject({ title: 'Add felt under the lid', body: 'It was loud.', pull: { head: 'alice/felt' } });
    expect(ciData(s.server.state).pushes.at(-1)?.options).toEqual({ topic: 'felt' });
  });

  it('a second push to the same topic updates the pull request; a rewritten head needs --force without a terminal', async () => {
    const t = setup();
    expectExit(await s.kettle(['pr', 'create', '--agit', '--title', 'Quieter lid'], { cwd: t.clone, env: t.env }), 0);
    const [pr] = pullsOf(t.repo);
    const next = commit(t.clone, 'lid.txt', 'thicker felt\n', 'Thicker felt');
    const again = await s.kettle(['pr', 'create', '--agit'], { cwd: t.clone, env: t.env });
    expectExit(again, 0);
    expect(again.stderr).toContain(`✓ Updated pull request #${pr?.number} in alice/${t.name} (topic lid)`);
    expect(pullsOf(t.repo)).toHaveLength(1);
    expect(git(t.bare, 'rev-parse', `refs/pull/${pr?.number}/head`)).toBe(next);

    const amended = commit(t.clone, 'lid.txt', 'cork\n', 'Cork instead', '--amend');
    const refused = await s.kettle(['pr', 'create', '--agit'], { cwd: t.clone, env: t.env });
    expectExit(refused, 2);
    expect(refused.stderr.trimEnd().split('\n').at(-1)).toBe('kettle: the pull request of topic lid has commits that HEAD does not; pass --force to replace them (a force push)');
    expect(git(t.bare, 'rev-parse', `refs/pull/${pr?.number}/head`)).toBe(next);

    const forced = await s.kettle(['pr', 'create', '--agit', '--force'], { cwd: t.clone, env: t.env });
    expectExit(forced, 0);
    expect(ciData(s.server.state).pushes.at(-1)?.options).toEqual({ topic: 'lid', 'force-push': 'true' });
    expect(git(t.bare, 'rev-parse', `refs/pull/${pr?.number}/head`)).toBe(amended);
    expect(pullsOf(t.repo)).toHaveLength(1);
  });

  it('an update push keeps the title and description (the servers read them only when opening): kettle sets them through the API (D30)', async () => {
    const t = setup();
    expectExit(await s.kettle(['pr', 'create', '--agit', '--title', 'Quieter lid'], { cwd: t.clone, env: t.env }), 0);
    const [pr] = pullsOf(t.repo);
    commit(t.clone, 'lid.txt', 'thicker felt\n', 'Thicker felt');
    const again = await s.kettle(['pr', 'create', '--agit', '--title', 'Much quieter lid', '--body', 'Felt, thicker.'], { cwd: t.clone, env: t.env });
    expectExit(again, 0);
    expect(again.stderr).toContain(`✓ Updated pull request #${pr?.number} in alice/${t.name} (topic lid); its title and description set`);
    expect(pullsOf(t.repo)[0]).toMatchObject({ title: 'Much quieter lid', body: 'Felt, thicker.' });
    expect(sent(s, 'PATCH', `/repos/alice/${t.name}/pulls/${pr?.number}`).at(-1)?.body).toEqual({ title: 'Much quieter lid', body: 'Felt, thicker.' });
  });

  it('a push of the commit the pull request already has is no failure: nothing pushed, the title set if asked (D30)', async () => {
    const t = setup();
    expectExit(await s.kettle(['pr', 'create', '--agit', '--title', 'Quieter lid'], { cwd: t.clone, env: t.env }), 0);
    const [pr] = pullsOf(t.repo);
    const same = await s.kettle(['pr', 'create', '--agit'], { cwd: t.clone, env: t.env });
    expectExit(same, 0);
    expect(same.stderr).toMatch(new RegExp(`kettle: pull request #${pr?.number} in alice/${t.name} \\(topic lid\\) already has [0-9a-f]{7}; nothing was pushed or changed`));
    const retitled = await s.kettle(['pr', 'create', '--agit', '--title', 'Quiet lid'], { cwd: t.clone, env: t.env });
    expectExit(retitled, 0);
    expect(retitled.stderr).toMatch(new RegExp(`✓ Set the title of #${pr?.number}: pull request #${pr?.number} .* already has [0-9a-f]{7}, so nothing was pushed`));
    expect(pullsOf(t.repo)[0]?.title).toBe('Quiet lid');
    expect(pullsOf(t.repo)).toHaveLength(1);
  });

  it('a body of several lines is set through the API (a push option is one line)', async () => {
    const t = setup();
    const r = await s.kettle(['pr', 'create', '--agit', '--title', 'Quieter lid', '--body', 'Felt.\n\nTested twenty cycles.'], { cwd: t.clone, env: t.env });
    expectExit(r, 0);
    const [pr] = pullsOf(t.repo);
    expect(pr?.body).toBe('Felt.\n\nTested twenty cycles.');
    expect(ciData(s.server.state).pushes.at(-1)?.options).toEqual({ topic: 'lid', title: 'Quieter lid' });
    expect(sent(s, 'PATCH', `/repos/alice/${t.name}/pulls/${pr?.number}`)[0]?.body).toEqual({ body: 'Felt.\n\nTested twenty cycles.' });
  });

  it.each([
    [['--agit', '--head', 'x'], /--agit does not take --head/],
    [['--agit', '--label', 'bug', '--reviewer', 'bob'], /--agit does not take --label, --reviewer/],
    [['--topic', 'lid'], /--topic goes with --agit/],
    [['--force'], /--force goes with --agit/],
    [['--agit', '--topic', 'a..b'], /invalid --topic "a\.\.b"/],
    [['--agit', '--draft'], /--draft with --agit needs --title/],
  ])('pr create %j: exit 2, nothing pushed', async (args, message) => {
    shared ??= setup();
    const t = shared;
    const pushes = ciData(s.server.state).pushes.length;
    const r = await s.kettle(['pr', 'create', ...args], { cwd: t.clone, env: t.env });
    expectExit(r, 2);
    expect(r.stderr).toMatch(message);
    expect(ciData(s.server.state).pushes).toHaveLength(pushes);
  });

  it('--dry-run: the push is shown (no token in it) and not made; the server receives nothing, and kettle stops before reading what it would change', async () => {
    const t = setup();
    // The remote's URL carries the token, as some users keep it: the line must not.
    git(t.clone, 'remote', 'set-url', 'origin', `${server.url.replace('://', `://alice:${s.token}@`)}/alice/${t.name}.git`);
    const refs = git(t.bare, 'for-each-ref');
    const pushes = ciData(s.server.state).pushes.length;
    const r = await s.kettle(['--dry-run', 'pr', 'create', '--agit', '--title', 'Quieter lid', '--body', 'Felt.'], { cwd: t.clone, env: t.env });
    expectExit(r, 0);
    expect(r.stdout).toBe("git push -o topic=lid -o 'title=Quieter lid' -o description=Felt. origin HEAD:refs/for/main/lid\n");
    expect(r.stderr).toMatch(new RegExp(`kettle: dry run: stopped before GET /repos/alice/${t.name}/pulls\\?\\S*, which would read what git push changes; nothing was sent\n$`));
    expect(r.stdout + r.stderr).not.toContain(s.token);
    expect(git(t.bare, 'for-each-ref')).toBe(refs);
    expect(ciData(s.server.state).pushes).toHaveLength(pushes);
    expect(pullsOf(t.repo)).toEqual([]);
    expect(s.server.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('a clone without a remote for the repository: exit 2, says how to add one', async () => {
    const t = setup();
    git(t.clone, 'remote', 'remove', 'origin');
    const r = await s.kettle(['pr', 'create', '--agit', '-R', `alice/${t.name}`], { cwd: t.clone, env: t.env });
    expectExit(r, 2);
    expect(r.stderr).toBe(`kettle: no git remote of this clone is alice/${t.name}; --agit pushes to it: git remote add origin <clone URL>\n`);
  });
});
