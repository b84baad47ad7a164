// Records with the wrong types (strings for numbers, objects missing, no id)
// print on a terminal and through a pipe without a crash: the printers and
// the column accessors must not trust the server's shapes.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ISSUE_SHAPE } from '../../src/api/gitea/issues.js';
import { expectFields } from '../../src/api/response.js';
import { hookColumns } from '../../src/commands/hook/columns.js';
import { crossRepoIssueColumns, issueColumns, issueViewColumns } from '../../src/commands/issue-columns.js';
import { orgColumns, orgViewColumns } from '../../src/commands/org/columns.js';
import { prColumns, prViewColumns } from '../../src/commands/pr/columns.js';
import { userColumns } from '../../src/commands/records.js';
import { repoColumns, repoViewColumns } from '../../src/commands/repo-columns.js';
import { createIO } from '../../src/io.js';
import { type Column, printList, printRecord, type Row } from '../../src/output/printer.js';

const ODD: Row[] = [
  { number: '7', title: 5, user: 'bob', labels: 'bug', state: 3, created_at: 12, updated_at: null, head: 'x', base: null, owner: 'alice', full_name: 9 },
  { title: 'no id at all' },
  { id: 'x', number: null, user: { login: 4 }, labels: [null, 3, { name: 7 }], assignees: 'z', milestone: 'm', repository: 'r', config: null, events: 'push' },
  { id: 1, number: 1, title: [], user: [], labels: {}, assignees: [null], created_at: 'not a date', updated_at: {}, head: { ref: 1 }, base: { ref: null }, owner: [], merged: 'yes' },
];

const SETS: Array<[string, Column[]]> = [
  ['issue', issueColumns],
  ['cross-repo issue', crossRepoIssueColumns],
  ['issue view', issueViewColumns],
  ['pr', prColumns],
  ['pr view', prViewColumns],
  ['repo', repoColumns],
  ['repo view', repoViewColumns],
  ['org', orgColumns],
  ['org view', orgViewColumns],
  ['hook', hookColumns],
  ['user', userColumns],
];

function io(tty: boolean) {
  const stdout = Object.assign(new PassThrough(), { isTTY: tty, columns: 100 });
  let text = '';
  stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
  return { io: createIO({ stdin: new PassThrough(), stdout, stderr: new PassThrough(), env: {} }, false), text: () => text };
}

describe.each(SETS)('%s columns', (_name, columns) => {
  it.each([true, false])('a list of odd records prints (terminal: %s)', async (tty) => {
    const out = io(tty);
    await printList(out.io, { kind: 'view' }, ODD, columns);
    expect(out.text()).not.toBe('');
  });

  it.each([true, false])('each odd record prints on its own (terminal: %s)', async (tty) => {
    for (const record of ODD) {
      const out = io(tty);
      await printRecord(out.io, { kind: 'view' }, record, columns);
      expect(out.text()).not.toBe('');
    }
  });
});

describe('expectFields: a field of the wrong type where records are read', () => {
  const shape = { id: 'number', status: 'string', labels: 'array', user: 'object', draft: 'boolean' } as const;
  it.each<[Record<string, unknown>, string | undefined]>([
    [{ id: 3, status: 'success', labels: [], user: {}, draft: false }, undefined],
    // Absent and null are none (Go writes a nil pointer as null); fields the shape does not name pass.
    [{ id: null, other: '3' }, undefined],
    [{}, undefined],
    [{ id: '3' }, 'expected a number for "id" from GET /x but the server answered 200 OK with a string'],
    [{ id: 3, status: 6 }, 'expected a string for "status" from GET /x but the server answered 200 OK with a number'],
    [{ labels: {} }, 'expected a list for "labels" from GET /x but the server answered 200 OK with an object'],
    [{ user: [] }, 'expected an object for "user" from GET /x but the server answered 200 OK with a list'],
    [{ draft: 'false' }, 'expected a boolean for "draft" from GET /x but the server answered 200 OK with a string'],
  ])('%j', (record, message) => {
    const check = () => expectFields(record, shape, 'GET', '/x');
    if (message === undefined) expect(check).not.toThrow();
    else expect(check).toThrow(message);
  });

  it('costs little beside decoding: 5000 issues checked in a fraction of the time JSON.parse takes', () => {
    const issue = { id: 1, number: 1, title: 'A title', state: 'open', comments: 2, user: { id: 1, login: 'alice' }, labels: [{ id: 1, name: 'bug' }], body: 'x'.repeat(200) };
    const text = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ ...issue, id: i, number: i })));
    const time = (f: () => void) => {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        f();
        best = Math.min(best, performance.now() - t);
      }
      return best;
    };
    const records = JSON.parse(text) as Record<string, unknown>[];
    const parse = time(() => JSON.parse(text));
    const check = time(() => {
      for (const r of records) expectFields(r, ISSUE_SHAPE, 'GET', '/x');
    });
    expect(check).toBeLessThan(parse / 2);
  });
});
