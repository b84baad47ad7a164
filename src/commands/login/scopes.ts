// kettle login scopes: the token scopes kettle's commands need.
import type { Context } from '../../context/context.js';
import { type Column, printList } from '../../output/printer.js';
import { SCOPE_USES } from './scope-uses.js';

const columns: Column[] = [
  { key: 'scope', header: 'SCOPE' },
  { key: 'commands', header: 'NEEDED BY', get: (r) => (r.commands as string[]).join(', ') },
];

export async function run(ctx: Context): Promise<void> {
  const records = SCOPE_USES.map((u) => ({ scope: u.scope, commands: [...u.groups] }));
  await printList(ctx.io, ctx.output, records, columns);
}
