// A server's text holding control characters (a retitling OSC, a screen
// clear, OSC 52 writing the clipboard, SGR codes) never reaches stdout or
// stderr unescaped: piped output writes them as \u escapes, a terminal shows
// them in caret notation, --json keeps them JSON-escaped, and only the byte
// streams a user asks for as they are (`kettle api`) pass them through.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { addComment } from '../server/routes-triage.js';
import { addAsset, addRelease } from '../server/routes-releases.js';
import { json } from '../support/harness.js';
import { expectExit, record, rows, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

const RETITLE = '\u001b]0;PWNED\u0007';
const CLEAR = '\u001b[2J';
const CLIPBOARD = '\u001b]52;c;cm0gLXJmIH4K\u0007';
const BLINK = '\u001b[5;7mblink\u001b[0m';
const CSI = '\u009b31m';
/** Any control character a terminal may obey: C0 but tab and line feed, DEL, C1. */
const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function hostileRepo() {
  const name = `hostile-${Math.random().toString(36).slice(2, 8)}`;
  const repo = s.server.state.addRepo('alice', name);
  const label = s.server.state.addLabel(repo, `tag ${BLINK}`, 'e11d21', `described ${CSI}`);
  const issue = s.server.state.addIssue(repo, 'alice', { title: `Lid ${RETITLE} rattles ${CLEAR}`, body: `Body ${CLIPBOARD} end`, labels: [label.id] });
  addComment(s.server.state, issue, 'bob', `copy this ${CLIPBOARD}\nsecond line ${CSI}`);
  return { slug: `alice/${name}`, repo, issue };
}

function clean(text: string): void {
  expect(text).not.toMatch(OBEYED);
}

describe('piped output escapes the control characters', () => {
  it('issue list: rows carry \\u escapes, and printf %b would give the title back', async () => {
    const { slug } = hostileRepo();
    const r = await s.kettle(['issue', 'list', '-R', slug]);
    expectExit(r, 0);
    clean(r.stdout);
    clean(r.stderr);
    const [row] = rows(r.stdout);
    expect(row?.[1]).toBe('Lid \\u001b]0;PWNED\\u0007 rattles \\u001b[2J');
    expect(row?.[3]).toBe('tag \\u001b[5;7mblink\\u001b[0m');
    expect(execFileSync('bash', ['-c', 'printf %b "$1"', '-', row?.[1] ?? ''], { encoding: 'utf8' })).toBe(`Lid ${RETITLE} rattles ${CLEAR}`);
  });

  it('issue view --comments: the body and the conversation', async () => {
    const { slug, issue } = hostileRepo();
    const r = await s.kettle(['issue', 'view', String(issue.number), '-R', slug, '--comments']);
    expectExit(r, 0);
    clean(r.stdout);
    expect(r.stdout).toContain('52;c;cm0gLXJmIH4K');
    expect(record(r.stdout.split('\n\n')[0] ?? '').title).toBe('Lid \\u001b]0;PWNED\\u0007 rattles \\u001b[2J');
  });

  it('label list: names and descriptions, C1 controls too', async () => {
    const { slug } = hostileRepo();
    const r = await s.kettle(['label', 'list', '-R', slug]);
    expectExit(r, 0);
    clean(r.stdout);
    expect(r.stdout).toContain('tag \\u001b[5;7mblink\\u001b[0m');
    expect(r.stdout).toContain('described \\u009b31m');
  });

  it('a single record (issue close) and several (issue close A B): key/value lines and rows, and the messages on stderr', async () => {
    const a = hostileRepo();
    const second = s.server.state.addIssue(a.repo, 'alice', { title: `Second ${CLEAR}` });
    const one = await s.kettle(['issue', 'close', String(a.issue.number), '-R', a.slug]);
    expectExit(one, 0);
    clean(one.stdout);
    clean(one.stderr);
    await s.kettle(['issue', 'reopen', String(a.issue.number), '-R', a.slug]);
    const two = await s.kettle(['issue', 'close', String(a.issue.number), String(second.number), '-R', a.slug]);
    expectExit(two, 0);
    clean(two.stdout);
    clean(two.stderr);
    expect(two.stdout).toContain('Second \\u001b[2J');
  });

  it('--jq prints strings raw, but not their control characters', async () => {
    const { slug } = hostileRepo();
    const r = await s.kettle(['issue', 'list', '-R', slug, '--jq', '.[] | .title, .body']);
    expectExit(r, 0);
    clean(r.stdout);
    expect(r.stdout).toBe('Lid \\u001b]0;PWNED\\u0007 rattles \\u001b[2J\nBody \\u001b]52;c;cm0gLXJmIH4K\\u0007 end\n');
    // jq's JSON stays JSON, with the same values: C1 controls escaped inside strings.
    const labels = await s.kettle(['label', 'list', '-R', slug, '--jq', '.[] | {description}']);
    clean(labels.stdout);
    expect(JSON.parse(labels.stdout)).toEqual({ description: `described ${CSI}` });
  });

  it('--json keeps the server text, JSON-escaped', async () => {
    const { slug } = hostileRepo();
    const r = await s.kettle(['issue', 'list', '-R', slug, '--json']);
    expectExit(r, 0);
    clean(r.stdout);
    expect(json<Array<{ title: string }>>(r)[0]?.title).toBe(`Lid ${RETITLE} rattles ${CLEAR}`);
  });

  it('kettle api is the server bytes, as asked', async () => {
    const { slug, issue } = hostileRepo();
    const r = await s.kettle(['api', `/repos/${slug}/issues/${issue.number}`]);
    expectExit(r, 0);
    expect(JSON.parse(r.stdout).title).toBe(`Lid ${RETITLE} rattles ${CLEAR}`);
  });

  it('pr view --comments: key/value lines', async () => {
    const { slug, repo } = hostileRepo();
    // A pull request needs its branches: an empty repository has none (the servers answer 404 under /pulls).
    repo.branches.push('main', 'fix');
    const pr = s.server.state.addIssue(repo, 'alice', { title: `Fix ${RETITLE}`, pull: { head: 'fix', base: 'main' } });
    const r = await s.kettle(['pr', 'view', String(pr.number), '-R', slug, '--comments']);
    expectExit(r, 0);
    clean(r.stdout);
    expect(record(r.stdout).title).toBe('Fix \\u001b]0;PWNED\\u0007');
  });

  it('release list and view: names, notes and asset names', async () => {
    const { slug, repo } = hostileRepo();
    const release = addRelease(s.server.state, repo, 'alice', { tag: 'v9', name: `Nine ${CLEAR}`, body: `Notes ${CLIPBOARD}` });
    await addAsset(s.server.state, release, `esc\u001b[31mred.txt`, 'x');
    for (const args of [
      ['release', 'list'],
      ['release', 'view', 'v9'],
    ]) {
      const r = await s.kettle([...args, '-R', slug]);
      expectExit(r, 0);
      clean(r.stdout);
      expect(r.stdout).toContain('Nine \\u001b[2J');
    }
  });
});

describe('on a terminal, text is shown as written', () => {
  it('issue list: control characters in caret notation; backslashes and tabs not escaped as for a pipe', async () => {
    const repo = s.server.state.addRepo('alice', `paths-${Math.random().toString(36).slice(2, 8)}`);
    s.server.state.addIssue(repo, 'alice', { title: `C:\\Users\\tea\tcopy ${CLEAR}` });
    const r = await s.kettle(['issue', 'list', '-R', `alice/${repo.name}`], { tty: { stdout: true, stderr: true }, columns: 120 });
    expectExit(r, 0);
    expect(r.stdout).toContain('C:\\Users\\tea^Icopy ^[[2J');
    expect(r.stdout).not.toContain('\\\\');
    clean(r.stdout.replace(/\u001b\[[0-9;]*m/g, ''));
  });

  it('issue view: one-line fields as written, the body with its lines, controls shown', async () => {
    const repo = s.server.state.addRepo('alice', `view-${Math.random().toString(36).slice(2, 8)}`);
    const issue = s.server.state.addIssue(repo, 'alice', { title: `C:\\Users\\tea ${RETITLE}`, body: `one\\two\n${CLIPBOARD}` });
    const r = await s.kettle(['issue', 'view', String(issue.number), '-R', `alice/${repo.name}`], {
      tty: { stdout: true, stderr: true },
      columns: 120,
      env: { KETTLE_PAGER: '', NO_COLOR: '1' },
    });
    expectExit(r, 0);
    expect(r.stdout).toContain('C:\\Users\\tea ^[]0;PWNED^G');
    expect(r.stdout).toContain('one\\two');
    expect(r.stdout).not.toContain('\\\\');
    clean(r.stdout);
  });
});
