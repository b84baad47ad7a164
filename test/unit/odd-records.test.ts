// Records with the wrong types (strings for numbers, objects missing, no id)
// print on a terminal and through a pipe without a crash: the printers and
// the column accessors must not trust the server's shapes.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { hookColumns } from '../../src/commands/hook/columns.js';
import { crossRepoIssueColumns, issueColumns, issueViewColumns } from '../../src/commands/issue/columns.js';
import { orgColumns, orgViewColumns } from '../../src/commands/org/columns.js';
import { prColumns, prViewColumns } from '../../src/commands/pr/columns.js';
import { userColumns } from '../../src/commands/records.js';
import { repoColumns, repoViewColumns } from '../../src/commands/repo/columns.js';
import { createIO } from '../../src/context/io.js';
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
    await printList(out.io, { json: false }, ODD, columns);
    expect(out.text()).not.toBe('');
  });

  it.each([true, false])('each odd record prints on its own (terminal: %s)', async (tty) => {
    for (const record of ODD) {
      const out = io(tty);
      await printRecord(out.io, { json: false }, record, columns);
      expect(out.text()).not.toBe('');
    }
  });
});
