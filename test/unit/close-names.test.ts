// "Did you mean": how far apart two names are, and which names an unknown one lists.
import { describe, expect, it } from 'vitest';
import { closeNames, distance, nameHint } from '../../src/commands/names.js';
import { branchFilterRegExp, branchPasses } from '../../src/commands/hook/branch-filter.js';

describe('distance', () => {
  it.each([
    ['bug', 'bug', 0],
    ['bgu', 'bug', 1],
    ['ubg', 'bug', 1],
    ['wnotfxi', 'wontfix', 2],
    ['bug', 'bugs', 1],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('%s to %s: %i', (a, b, d) => {
    expect(distance(a, b)).toBe(d);
    expect(distance(b, a)).toBe(d);
  });
});

describe('closeNames', () => {
  const labels = ['bug', 'wontfix', 'enhancement', 'documentation', 'help wanted'];
  it.each([
    ['bgu', ['bug']],
    ['wnotfxi', ['wontfix']],
    ['enhancmeent', ['enhancement']],
    ['help', ['help wanted']],
    ['zzzzzz', []],
  ])('%s lists %j', (wanted, close) => {
    expect(closeNames(wanted, labels)).toEqual(close);
  });
});

describe('nameHint', () => {
  it('lists the close names first', () => {
    expect(nameHint('bgu', ['bug', 'docs'], 'a/b', 'label')).toBe('; did you mean "bug"?');
  });
  it('lists them all when none is close and there are few', () => {
    expect(nameHint('zzzzzz', ['v1.0', 'v2.0'], 'a/b', 'milestone')).toBe('; the milestones there: "v1.0", "v2.0"');
  });
  it('says when there are none, and nothing more when there are many', () => {
    expect(nameHint('x', [], 'a/b', 'label')).toBe('; a/b has none');
    expect(
      nameHint(
        'zzzzzz',
        Array.from({ length: 20 }, (_, i) => `kind-${i}`),
        'a/b',
        'label',
      ),
    ).toBe('');
  });
});

// services/webhook/webhook.go checkBranch (gobwas/glob without separators); Gitea 1.25 checkBranchFilter also tries refs/heads/….
describe('branch filters', () => {
  it.each([
    ['', 'main', false, true],
    ['*', 'feature/x', false, true],
    ['main', 'main', false, true],
    ['main', 'master', false, false],
    ['release/*', 'release/1.0', false, true],
    ['release/*', 'main', false, false],
    ['{main,master}', 'master', false, true],
    ['ma?n', 'main', false, true],
    ['[mn]ain', 'main', false, true],
    ['[!m]ain', 'main', false, false],
    ['refs/heads/main', 'main', false, false],
    ['refs/heads/main', 'main', true, true],
    ['**', 'a/b', true, true],
    ['[main', 'main', false, false],
  ])('%j and %s (newer %s): %s', (filter, branch, newer, passes) => {
    expect(branchPasses(filter, branch, newer)).toBe(passes);
  });

  it('a filter that does not compile is undefined', () => {
    expect(branchFilterRegExp('{a,b')).toBeUndefined();
    expect(branchFilterRegExp('[')).toBeUndefined();
  });
});
