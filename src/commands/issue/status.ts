// kettle issue status: open issues assigned to you, mentioning you, and opened
// by you, across repositories (Gitea's /repos/issues/search with one flag each).
import * as issues from '../../api/gitea/issues.js';
import { pageWindow } from '../../api/paginate.js';
import type { Context } from '../../context/context.js';
import { plainRows, printJson, printList, printText, renderJson } from '../../output/printer.js';
import { failure } from '../failure.js';
import { crossRepoIssueColumns } from '../issue-columns.js';

const SECTIONS = [
  ['assigned', 'Assigned to you'],
  ['mentioned', 'Mentioning you'],
  ['created', 'Opened by you'],
] as const;

/** Records a section shows: enough to act on, as gh's status does. */
const PER_SECTION = 30;

export async function run(ctx: Context): Promise<void> {
  const api = await ctx.api();
  const window = pageWindow({ limit: PER_SECTION });
  const found = await Promise.all(
    SECTIONS.map(async ([how]) => {
      const all: object[] = [];
      for await (const page of issues.involving(api, how, window)) all.push(...page);
      return all;
    }),
  ).catch(failure({ action: 'read your issues' }));
  if (ctx.output.kind !== 'view') {
    const shaped = Object.fromEntries(SECTIONS.map(([how], i) => [how, found[i] ?? []]));
    // --fields applies to the records of each section.
    const fields = ctx.output.fields;
    const value = fields ? Object.fromEntries(Object.entries(shaped).map(([k, v]) => [k, JSON.parse(renderJson(v, fields))])) : shaped;
    printJson(ctx.io, { ...ctx.output, fields: undefined }, value);
    return;
  }
  for (const [i, [how, heading]] of SECTIONS.entries()) {
    const records = found[i] ?? [];
    if (ctx.io.stdoutIsTTY) {
      printText(ctx.io, `${i > 0 ? '\n' : ''}${heading}\n`);
      if (records.length === 0) printText(ctx.io, '  There are no issues here\n');
      else await printList(ctx.io, ctx.output, records, crossRepoIssueColumns);
    } else {
      // Plain: the section's name leads each line, so `grep ^assigned` picks one section.
      for (const line of plainRows(ctx.output, records, crossRepoIssueColumns).split('\n')) if (line !== '') printText(ctx.io, `${how}\t${line}\n`);
    }
  }
}
