// How milestones are shown.
import type { Column, Row } from '../../output/printer.js';

/** The due date, marked when it has passed on an open milestone (on a terminal only: scripts read the date). */
function dueOf(r: Row, mark: { terminal: boolean; now: Date }): unknown {
  const due = r.due_on;
  if (typeof due !== 'string' || due === '') return '';
  if (!mark.terminal) return due;
  const day = due.slice(0, 10);
  return r.state === 'open' && Date.parse(due) < mark.now.getTime() ? `${day} (overdue)` : day;
}

export function milestoneColumns(mark: { terminal: boolean; now: Date }): Column[] {
  return [
    { key: 'id', header: 'NUMBER' },
    { key: 'title', header: 'TITLE', flex: true },
    { key: 'state', header: 'STATE', kind: 'state', drop: 3 },
    { key: 'open_issues', header: 'OPEN' },
    { key: 'closed_issues', header: 'CLOSED', drop: 2 },
    { key: 'due_on', header: 'DUE', get: (r) => dueOf(r, mark), drop: 1 },
  ];
}

export function milestoneViewColumns(mark: { terminal: boolean; now: Date }): Column[] {
  return [...milestoneColumns(mark), { key: 'description', header: 'DESCRIPTION' }];
}
