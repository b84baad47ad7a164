// kettle pr checks, run in-process against the in-memory server: the head
// commit's statuses (routes-ci.ts), the exit status they add up to, --watch
// and --required with the base branch's protection rule.
import { describe, expect, it, onTestFinished } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { addRule, reportStatus } from '../server/routes-ci.js';
import { headSha } from '../server/routes-pulls.js';
import { movingClock } from '../support/io.js';

const s = useServer({ runner: 'in-process' });

let counter = 0;
/** alice/<name> with an open pull request from topic into main, and its head commit. */
function pull() {
  const name = `checks-${++counter}`;
  const repo = s.server.state.addRepo('alice', name, { init: true });
  repo.branches.push('topic');
  const pr = s.server.state.addIssue(repo, 'alice', { title: 'Quieter lid', pull: { head: 'topic', base: 'main' } });
  const sha = headSha(s.server.state, pr);
  const report = (context: string, state: 'pending' | 'success' | 'error' | 'failure' | 'warning' | 'skipped', description = '') =>
    reportStatus(s.server.state, sha, { context, state, description, target_url: `https://ci.example.com/${context}` });
  return { repo, pr, sha, report, R: ['-R', `alice/${name}`], args: ['pr', 'checks', String(pr.number), '-R', `alice/${name}`] };
}

describe('pr checks', () => {
  it('all passed: one line per context (its newest status), exit 0, a summary on stderr', async () => {
    const p = pull();
    p.report('ci/build', 'pending', 'Building');
    p.report('ci/build', 'success', 'Build passed');
    p.report('ci/deploy', 'skipped', 'Skipped by needs');
    const r = await s.kettle(p.args);
    expectExit(r, 0);
    expect(rows(r.stdout)).toEqual([
      ['ci/build', 'success', 'Build passed', 'https://ci.example.com/ci/build'],
      ['ci/deploy', 'skipped', 'Skipped by needs', 'https://ci.example.com/ci/deploy'],
    ]);
    expect(r.stderr).toBe('✓ All checks passed: 2 checks: 2 passed\n');
    expect(sent(s, 'GET', `/repos/alice/${p.repo.name}/commits/${p.sha}/statuses`)).toHaveLength(1);
  });

  it.each([
    ['a failure decides over a pending check', ['failure', 'pending'], 1, 'kettle: checks failed: 2 checks: 1 failed, 1 pending'],
    ['an error counts as failed', ['error', 'success'], 1, 'kettle: checks failed: 2 checks: 1 failed, 1 passed'],
    ['pending: exit 8', ['pending', 'success'], 8, 'kettle: checks pending: 2 checks: 1 pending, 1 passed'],
    // The merge gate refuses a warning (CommitStatusState.IsSuccess), so a gate waiting on it would never pass.
    ['a warning counts as failed', ['warning', 'success'], 1, 'kettle: checks failed: 2 checks: 1 failed, 1 passed'],
    // Gitea 1.25 and later post skipped for a skipped Actions job; the gate counts it as passed.
    ['a skipped job is done, not pending', ['skipped', 'success'], 0, '✓ All checks passed: 2 checks: 2 passed'],
  ] as const)('%s', async (_what, states, code, line) => {
    const p = pull();
    p.report('a', states[0]);
    p.report('b', states[1]);
    const r = await s.kettle(p.args);
    expectExit(r, code);
    expect(r.stderr).toBe(`${line}\n`);
    expect(rows(r.stdout).map((row) => row[1])).toEqual([...states]);
  });

  it('no statuses: says so, exit 0', async () => {
    const p = pull();
    const r = await s.kettle(p.args);
    expectExit(r, 0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`No checks reported on commit ${p.sha.slice(0, 7)}, the head of #${p.pr.number}.\n`);
  });

  it('--json: the newest status record of each context', async () => {
    const p = pull();
    p.report('ci/build', 'failure', 'Broke');
    const r = await s.kettle([...p.args, '--json', '--fields', 'context,status,target_url']);
    expectExit(r, 1);
    expect(json(r)).toEqual([{ context: 'ci/build', status: 'failure', target_url: 'https://ci.example.com/ci/build' }]);
  });

  it('finds the pull request of the current branch when no NUMBER is given', async () => {
    const p = pull();
    p.report('ci', 'success');
    // No git repository here: the NUMBER is needed, and said so.
    const r = await s.kettle(['pr', 'checks', ...p.R], { cwd: s.dir });
    expectUsage(s, r, /no pull request NUMBER given/);
  });

  it.each([['0'], ['-1'], ['soon'], ['1.5']])('--interval %s: exit 2 before any request', async (value) => {
    const p = pull();
    const r = await s.kettle([...p.args, '--watch', '--interval', value]);
    expectUsage(s, r, /--interval takes a whole number of 1 or more/);
  });

  it('--watch in a pipe: one line per change, until nothing is pending, then exits as without it', async () => {
    const p = pull();
    p.report('ci/build', 'pending', 'Building');
    p.report('ci/lint', 'success', 'Clean');
    const running = s.kettle([...p.args, '--watch', '--interval', '1']);
    const path = `/repos/alice/${p.repo.name}/commits/${p.sha}/statuses`;
    await until(() => sent(s, 'GET', path).length >= 1);
    p.report('ci/build', 'pending', 'Linking');
    await until(() => sent(s, 'GET', path).length >= 2);
    p.report('ci/build', 'failure', 'Link error');
    const r = await running;
    expectExit(r, 1);
    expect(rows(r.stdout).map((row) => row.slice(0, 3))).toEqual([
      ['ci/build', 'pending', 'Building'],
      ['ci/lint', 'success', 'Clean'],
      ['ci/build', 'pending', 'Linking'],
      ['ci/build', 'failure', 'Link error'],
    ]);
    expect(r.stderr).toMatch(/^kettle: checks failed: 2 checks: 1 failed, 1 passed\n$/);
  });

  it('--watch retries a server error during the watch as any read is retried', async () => {
    const p = pull();
    p.report('ci', 'pending');
    const path = `/repos/alice/${p.repo.name}/commits/${p.sha}/statuses`;
    s.server.fault({ kind: 'status', status: 502, path, skip: 1, times: 1 });
    const running = s.kettle([...p.args, '--watch', '--interval', '1']);
    await until(() => sent(s, 'GET', path).length >= 1);
    p.report('ci', 'success');
    const r = await running;
    expectExit(r, 0);
    expect(sent(s, 'GET', path).length).toBeGreaterThanOrEqual(3);
  });

  it('--watch rides out a server away for a while: a note when it goes and when it is back, then exits as the checks say', async () => {
    const p = pull();
    p.report('ci', 'pending');
    const path = `/repos/alice/${p.repo.name}/commits/${p.sha}/statuses`;
    // The second round's three tries meet 503.
    s.server.fault({ kind: 'status', status: 503, path, skip: 1, times: 3 });
    const running = s.kettle([...p.args, '--watch', '--interval', '10'], { clock: movingClock(20) });
    await until(() => sent(s, 'GET', path).filter((q) => q.status === 200).length >= 2);
    p.report('ci', 'success');
    const r = await running;
    expectExit(r, 0);
    expect(r.stderr.split('\n')).toEqual([
      expect.stringMatching(/^kettle: the server is not answering \(.*HTTP 503.*\); still watching, for up to 5 minutes$/),
      'kettle: the server answers again; watching on',
      '✓ All checks passed: 1 check: 1 passed',
      '',
    ]);
  });

  it('--watch --required gives up on a server that stays away after 5 minutes: exit 1 saying so, not a failed check', async () => {
    const p = pull();
    addRule(s.server.state, p.repo, { rule_name: 'main', enable_status_check: true, status_check_contexts: ['ci'] });
    p.report('ci', 'pending');
    const path = `/repos/alice/${p.repo.name}/commits/${p.sha}/statuses`;
    const running = s.kettle([...p.args, '--watch', '--required', '--interval', '30'], { clock: movingClock() });
    onTestFinished(() => s.server.comeBack());
    await until(() => sent(s, 'GET', path).length >= 1);
    await s.server.goAway();
    const r = await running;
    await s.server.comeBack();
    expectExit(r, 1);
    expect(r.stderr).toMatch(/^kettle: the server is not answering \(.*connection refused\); still watching, for up to 5 minutes\n/);
    expect(r.stderr).toMatch(
      new RegExp(`\\nkettle: the server has not answered for 5 minutes \\(.*connection refused\\); giving up watching the checks of pull request #${p.pr.number} in alice/${p.repo.name}\\n$`),
    );
  });

  describe('--required', () => {
    it("counts only the contexts the base branch's rule requires, glob patterns included", async () => {
      const p = pull();
      addRule(s.server.state, p.repo, { rule_name: 'ma*', enable_status_check: true, status_check_contexts: ['ci/*', 'deploy'] });
      p.report('ci/build/linux', 'success');
      p.report('ci/test', 'success');
      p.report('optional/docs', 'failure');
      p.report('deploy', 'success');
      const all = await s.kettle(p.args);
      expectExit(all, 1);
      const r = await s.kettle([...p.args, '--required']);
      expectExit(r, 0);
      expect(rows(r.stdout).map((row) => row[0])).toEqual(['ci/build/linux', 'ci/test', 'deploy']);
      expect(sent(s, 'GET', `/repos/alice/${p.repo.name}/branches/main`)).toHaveLength(1);
    });

    it('a required context that has not reported is pending: exit 8', async () => {
      const p = pull();
      addRule(s.server.state, p.repo, { rule_name: 'main', enable_status_check: true, status_check_contexts: ['ci/build', 'security'] });
      p.report('ci/build', 'success');
      const r = await s.kettle([...p.args, '--required']);
      expectExit(r, 8);
      expect(rows(r.stdout)).toEqual([
        ['ci/build', 'success', '', 'https://ci.example.com/ci/build'],
        ['security', 'pending', 'required; not reported yet', ''],
      ]);
    });

    it('a rule that enables status checks without naming contexts requires every status, and at least one', async () => {
      const p = pull();
      addRule(s.server.state, p.repo, { rule_name: 'main', enable_status_check: true, status_check_contexts: [] });
      const none = await s.kettle([...p.args, '--required']);
      expectExit(none, 8);
      expect(rows(none.stdout)).toEqual([['*', 'pending', 'required; not reported yet', '']]);
      p.report('ci/build', 'success');
      p.report('ci/lint', 'failure');
      const r = await s.kettle([...p.args, '--required']);
      expectExit(r, 1);
      expect(r.stderr).not.toMatch(/requires no status checks/);
      expect(rows(r.stdout).map((row) => row.slice(0, 2))).toEqual([
        ['ci/build', 'success'],
        ['ci/lint', 'failure'],
      ]);
    });

    it('a rule without status checks, or no rule: nothing is required, exit 0', async () => {
      const p = pull();
      p.report('ci/build', 'failure');
      const r = await s.kettle([...p.args, '--required']);
      expectExit(r, 0);
      expect(r.stderr).toBe('Branch main requires no status checks (it is not protected).\nNo required checks.\n');
      addRule(s.server.state, p.repo, { rule_name: 'main', enable_status_check: false, status_check_contexts: ['ci/build'] });
      const again = await s.kettle([...p.args, '--required']);
      expectExit(again, 0);
      expect(again.stderr).toBe('Branch main requires no status checks.\nNo required checks.\n');
    });
  });
});

async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('pr checks --watch on a terminal', () => {
  it('draws the table again over the last one: cursor up over what was drawn, clear down', async () => {
    const p = pull();
    p.report('ci/build', 'pending', 'Building');
    const running = s.kettle([...p.args, '--watch', '--interval', '1'], { tty: true, columns: 100 });
    const path = `/repos/alice/${p.repo.name}/commits/${p.sha}/statuses`;
    await until(() => sent(s, 'GET', path).length >= 1);
    p.report('ci/build', 'success', 'Built');
    const r = await running;
    expectExit(r, 0);
    const [first, second] = r.stdout.split('\u001b[3A\r\u001b[J');
    expect(first).toContain('Building');
    expect(first).toContain('refreshing every 1 s');
    expect(second).toContain('Built');
    expect(second).not.toContain('refreshing');
  });
});
