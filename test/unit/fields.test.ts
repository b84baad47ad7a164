import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { getPath, parseFieldList, pickFields } from '../../src/output/fields.js';
import { Selection } from '../../src/output/select.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const ISSUE = deepFreeze({
  number: 7,
  title: 'Fix the build',
  body: 'line1\nline2',
  state: 'open',
  milestone: null,
  user: { id: 1, login: 'alice', full_name: 'Alice A' },
  repository: { name: 'r', owner: { login: 'octo', id: 9 } },
  labels: [
    { id: 1, name: 'bug', color: 'ff0000' },
    { id: 2, name: 'ui', color: '00ff00' },
  ],
  assignees: [],
});

describe('parseFieldList', () => {
  it.each([
    ['number', ['number']],
    ['number,title,user.login', ['number', 'title', 'user.login']],
    [' number , title ,user.login ', ['number', 'title', 'user.login']],
    ['repository.owner.login', ['repository.owner.login']],
    ['a_b,c-d', ['a_b', 'c-d']],
  ])('%j -> %j', (value, expected) => {
    expect(parseFieldList(value)).toEqual(expected);
  });

  it.each(['', ' ', ',', 'a,', ',a', 'a,,b', 'a, ,b', '.a', 'a.', 'a..b', 'user.', '.'])('rejects %j', (value) => {
    let caught: unknown;
    try {
      parseFieldList(value);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).message).toBe(`invalid --fields value "${value}": expected comma-separated names such as number,title,user.login`);
    expect((caught as UsageError).exitCode).toBe(2);
  });
});

describe('getPath', () => {
  it.each<[string, unknown]>([
    ['number', 7],
    ['title', 'Fix the build'],
    ['user.login', 'alice'],
    ['repository.owner.login', 'octo'],
    ['user', { id: 1, login: 'alice', full_name: 'Alice A' }],
    ['milestone', null],
    ['milestone.title', undefined],
    ['nope', undefined],
    ['user.nope', undefined],
    ['title.length', undefined],
    ['labels.0.name', 'bug'],
  ])('%s -> %j', (path, expected) => {
    expect(getPath(ISSUE, path)).toEqual(expected);
  });

  it.each<[unknown, string]>([
    [null, 'a'],
    [undefined, 'a'],
    ['text', 'length'],
    [5, 'a'],
  ])('getPath(%j, %s) is undefined', (value, path) => {
    expect(getPath(value, path)).toBeUndefined();
  });

  // A record's fields are its own keys, not what Object.prototype provides.
  it.each(['toString', 'user.valueOf'])('does not find inherited %s', (path) => {
    expect(getPath(ISSUE, path)).toBeUndefined();
  });
});

describe('pickFields', () => {
  it.each<[string, unknown, string[], unknown]>([
    ['top-level keys', ISSUE, ['number', 'title'], { number: 7, title: 'Fix the build' }],
    ['a dotted path keeps its nesting', ISSUE, ['user.login'], { user: { login: 'alice' } }],
    ['paths under the same parent merge', ISSUE, ['user.login', 'number', 'user.id'], { user: { login: 'alice', id: 1 }, number: 7 }],
    ['deep paths merge at every level', ISSUE, ['repository.owner.login', 'repository.name', 'repository.owner.id'], { repository: { owner: { login: 'octo', id: 9 }, name: 'r' } }],
    ['a whole object and one of its fields', ISSUE, ['user', 'user.login'], { user: ISSUE.user }],
    ['one of its fields and a whole object', ISSUE, ['user.login', 'user'], { user: ISSUE.user }],
    ['null values are kept', ISSUE, ['milestone'], { milestone: null }],
    ['a path through null is left out', ISSUE, ['milestone.title'], {}],
    ['missing top-level paths are left out', ISSUE, ['nope', 'number'], { number: 7 }],
    ['a path into a string is left out', ISSUE, ['title.length'], {}],
    ['a path missing under an existing parent is left out', ISSUE, ['user.nope'], {}],
    ['a missing sibling does not disturb a present one', ISSUE, ['user.nope', 'user.login'], { user: { login: 'alice' } }],
    ['a whole array', ISSUE, ['labels'], { labels: ISSUE.labels }],
    ['an array inside a record', ISSUE, ['labels.name'], { labels: [{ name: 'bug' }, { name: 'ui' }] }],
    [
      'two paths into an array inside a record',
      ISSUE,
      ['labels.name', 'labels.id'],
      {
        labels: [
          { name: 'bug', id: 1 },
          { name: 'ui', id: 2 },
        ],
      },
    ],
    ['an empty array stays empty', ISSUE, ['assignees.login'], { assignees: [] }],
    [
      'an array of records',
      [ISSUE, { number: 8, title: 'Two', user: { login: 'bob' } }],
      ['number', 'user.login'],
      [
        { number: 7, user: { login: 'alice' } },
        { number: 8, user: { login: 'bob' } },
      ],
    ],
    ['an empty list', [], ['number'], []],
    ['no paths', ISSUE, [], {}],
    ['a primitive is returned as is', 'text', ['a'], 'text'],
    ['null is returned as is', null, ['a'], null],
  ])('%s', (_name, value, paths, expected) => {
    expect(pickFields(value, paths)).toEqual(expected);
  });

  it('orders keys as the paths are given', () => {
    expect(JSON.stringify(pickFields(ISSUE, ['title', 'user.login', 'number']))).toBe('{"title":"Fix the build","user":{"login":"alice"},"number":7}');
  });

  it('does not modify its input (frozen fixtures would throw)', () => {
    const before = JSON.stringify(ISSUE);
    pickFields(ISSUE, ['user', 'user.login', 'labels', 'labels.name', 'repository.owner.login', 'repository.name']);
    expect(JSON.stringify(ISSUE)).toBe(before);
  });

  it.each(['constructor', '__proto__'])('does not pick inherited %s', (path) => {
    const picked = pickFields({ a: 1 }, [path]);
    expect(Object.keys(picked as object)).toEqual([]);
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype);
    expect(JSON.stringify(picked)).toBe('{}');
  });
});

describe('the names of --fields no record has', () => {
  const records = deepFreeze([
    { number: 1, user: { login: 'a' }, milestone: null },
    { number: 2, user: { login: 'b' }, milestone: { title: 'v1' } },
  ]);

  it.each<[string[], unknown[], string[]]>([
    [['anything'], [], []],
    [[], records, []],
    [['number', 'user.login'], records, []],
    [['milestone'], records, []],
    [['milestone.title'], records, []],
    [['nmber', 'user.name', 'number'], records, ['nmber', 'user.name']],
    [['number.value'], records, ['number.value']],
    [['toString', 'constructor', 'user.hasOwnProperty'], records, ['toString', 'constructor', 'user.hasOwnProperty']],
  ])('case %#: paths %j', (paths, recs, expected) => {
    const selection = new Selection(paths, []);
    selection.see(recs);
    expect(selection.unknown()).toEqual(expected);
  });
});
