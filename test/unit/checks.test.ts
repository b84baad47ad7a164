// What a pull request's checks add up to (src/commands/pr/check-state.ts) and
// how a git credential request is read and matched (login/git-credential.ts).
import { describe, expect, it } from 'vitest';
import { checksOf, contextPattern, newestByContext, summary, tally } from '../../src/commands/pr/check-state.js';
import { choose, matchLength, parseRequest } from '../../src/commands/login/git-credential.js';

describe('status-check context patterns (gobwas/glob without separators)', () => {
  it.each([
    ['ci/*', 'ci/build', true],
    ['ci/*', 'ci/build/linux', true],
    ['ci/**', 'ci/build/linux', true],
    ['ci/?uild', 'ci/build', true],
    ['ci/[bt]*', 'ci/test', true],
    ['ci/[!bt]*', 'ci/test', false],
    ['{ci,cd}/deploy', 'cd/deploy', true],
    ['ci/build', 'ci/build2', false],
    ['ci.build', 'ciXbuild', false],
    ['a\\*', 'a*', true],
    ['a\\*', 'ab', false],
  ])('%s matches %s: %s', (pattern, context, expected) => {
    expect(contextPattern(pattern).test(context)).toBe(expected);
  });
});

describe('checks', () => {
  const s = (id: number, context: string, status: string) => ({ id, context, status, description: '', target_url: '' });
  it('keeps the newest status of each context', () => {
    expect(newestByContext([s(3, 'b', 'failure'), s(1, 'a', 'pending'), s(2, 'a', 'success')]).map((x) => [x.context, x.status])).toEqual([
      ['a', 'success'],
      ['b', 'failure'],
    ]);
  });

  it.each([
    [['success', 'warning'], { passed: 1, failed: 1, pending: 0, total: 2 }, '2 checks: 1 failed, 1 passed'],
    [['success', 'skipped'], { passed: 2, failed: 0, pending: 0, total: 2 }, '2 checks: 2 passed'],
    [['failure', 'pending', 'success'], { passed: 1, failed: 1, pending: 1, total: 3 }, '3 checks: 1 failed, 1 pending, 1 passed'],
    [['error'], { passed: 0, failed: 1, pending: 0, total: 1 }, '1 check: 1 failed'],
    [['queued-by-a-newer-server'], { passed: 0, failed: 0, pending: 1, total: 1 }, '1 check: 1 pending'],
  ])('%j', (states, expected, line) => {
    const t = tally(checksOf(states.map((state, i) => s(i + 1, `c${i}`, state))));
    expect(t).toEqual(expected);
    expect(summary(t)).toBe(line);
  });

  it('required: only matched contexts, and a pending line for a pattern nothing matched', () => {
    const checks = checksOf([s(1, 'ci/a', 'success'), s(2, 'other', 'failure')], ['ci/*', 'deploy']);
    expect(checks.map((c) => [c.context, c.status, c.expected ?? false])).toEqual([
      ['ci/a', 'success', false],
      ['deploy', 'pending', true],
    ]);
  });
});

describe('git credential requests', () => {
  it.each([
    ['protocol=https\nhost=git.example.com\n\n', { protocol: 'https', host: 'git.example.com', path: '' }],
    ['protocol=https\nhost=Git.Example.com:8443\npath=forge/a/b.git\n', { protocol: 'https', host: 'git.example.com:8443', path: 'forge/a/b.git' }],
    ['url=https://git.example.com/forge/a.git\n\n', { protocol: 'https', host: 'git.example.com', path: 'forge/a.git' }],
    ['protocol=https\r\nhost=git.example.com\r\n\r\n', { protocol: 'https', host: 'git.example.com', path: '' }],
    ['protocol=https\nhost=git.example.com\n\nhost=evil.example.com\n', { protocol: 'https', host: 'git.example.com', path: '' }],
    // The user a remote names is kept, to pick that user's login (issue 34, 2); dot segments resolved (1).
    ['url=https://u@git.example.com/\n', { protocol: 'https', host: 'git.example.com', path: '', username: 'u' }],
    ['protocol=https\nhost=git.example.com\nusername=bob\npath=forge/../evil/x.git\n', { protocol: 'https', host: 'git.example.com', path: 'evil/x.git', username: 'bob' }],
  ])('%j', (text, expected) => {
    expect(parseRequest(text)).toEqual(expected);
  });

  it.each([
    ['protocol=https\nno-equals\n'],
    ['protocol=https\nhost=\n'],
    ['url=https://u:p@git.example.com/\n'],
    ['wwwauth[]=Basic\n'],
    ['host=git.example.com\n'],
    ['url=::\n'],
    ['protocol=https\nhost=a b\n'],
  ])('nothing to answer: %j', (text) => {
    expect(parseRequest(text)).toBeUndefined();
  });

  it('the longest server path wins; a sub-path login answers only under its path', () => {
    const req = (path: string) => ({ protocol: 'https', host: 'git.example.com', path });
    expect(matchLength('https://git.example.com/forge', req('forge/a/b.git'))).toBe(5);
    expect(matchLength('https://git.example.com/forge', req('forgery/a.git'))).toBe(-1);
    expect(matchLength('https://git.example.com/forge', req(''))).toBe(-1);
    expect(matchLength('https://git.example.com', req(''))).toBe(0);
    const candidates = [
      { root: 'https://git.example.com', username: 'u', password: 'root', preferred: false },
      { root: 'https://git.example.com/forge', username: 'u', password: 'forge', preferred: false },
      { root: 'https://git.example.com/', username: 'u', password: 'default', preferred: true },
    ];
    expect(choose(candidates, req('forge/x.git'))?.password).toBe('forge');
    expect(choose(candidates, req('x.git'))?.password).toBe('default');
    expect(choose(candidates, { protocol: 'http', host: 'git.example.com', path: '' })).toBeUndefined();
  });

  it('matches logins by the rule every command uses (keyOf): /api/v1 in any case, trailing slashes', () => {
    const req = (path: string) => ({ protocol: 'https', host: 'git.example.com', path });
    expect(matchLength('https://git.example.com/forge/API/V1', req('forge/a/b.git'))).toBe(5);
    expect(matchLength('https://git.example.com/forge/api/v1/', req('forge/a/b.git'))).toBe(5);
    expect(matchLength('https://git.example.com/forge/api/v1', req('other/a.git'))).toBe(-1);
    const candidates = [
      { root: 'https://git.example.com/api/v1', username: 'u', password: 'root', preferred: true },
      { root: 'https://git.example.com/forge/API/V1', username: 'u', password: 'forge', preferred: false },
    ];
    expect(choose(candidates, req('forge/x.git'))?.password).toBe('forge');
    expect(choose(candidates, req('x.git'))?.password).toBe('root');
  });
});
