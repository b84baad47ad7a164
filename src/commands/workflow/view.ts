// kettle workflow view FILE: the server's record where it describes workflows
// (Gitea 1.24+), else what the file says; and the inputs its workflow_dispatch takes.
import { target } from '../../context/target.js';
import * as workflows from '../../api/gitea/workflows.js';
import * as features from '../../api/gitea/actions-features.js';
import * as repos from '../../api/gitea/repos.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { plainText } from '../../output/cells.js';
import { visibleControls } from '../../text/controls.js';
import { printJson, printRecord, printText } from '../../output/printer.js';
import { failure } from '../failure.js';
import { connect } from '../runs.js';
import { workflowColumns } from './columns.js';
import { checkFile, readWorkflow } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ViewOptions = OptionsOf<typeof definitions.view>;

export async function run(ctx: Context, opts: ViewOptions): Promise<void> {
  const file = checkFile(opts.file);
  const at = await connect(await target(ctx, { repo: opts.repo }));
  const what = `workflow ${file} of ${fullName(at.repo)}`;
  const repo = await repos.get(at.api, at.repo).catch(failure({ action: `read ${fullName(at.repo)}`, missing: `repository ${fullName(at.repo)}` }));
  const ref = repo.default_branch || 'main';
  const text = await readWorkflow(at, file, ref);
  const record: object = features.offers(at.server, 'workflows')
    ? await workflows.getWorkflow(at.api, at.repo, file).catch(failure({ action: `read ${what}`, missing: what }))
    : // No workflow endpoint (Gitea 1.23, Forgejo): the server keeps a workflow's state (disabled from the web UI) where
      // the API cannot read it, so kettle does not claim one.
      { id: file, name: text.name ?? file, path: text.path, state: 'unknown' };
  const inputs = text.dispatch.kind === 'inputs' ? text.dispatch.inputs : undefined;
  if (ctx.output.kind !== 'view') {
    printJson(ctx.io, ctx.output, { ...record, workflow_dispatch: text.dispatch.kind === 'unknown' ? null : { dispatchable: inputs !== undefined, inputs: inputs ?? {} } }, workflowColumns);
    return;
  }
  await printRecord(ctx.io, ctx.output, record, workflowColumns);
  const io = ctx.io;
  const lines: string[] = [];
  if (text.dispatch.kind === 'none') lines.push(io.stdoutIsTTY ? '\nNo workflow_dispatch trigger: kettle workflow run cannot start it.' : 'dispatch\tnone');
  else if (inputs) {
    if (io.stdoutIsTTY) lines.push('', Object.keys(inputs).length > 0 ? 'INPUTS (kettle workflow run -f KEY=VALUE)' : 'workflow_dispatch: no inputs');
    for (const [key, spec] of Object.entries(inputs)) {
      if (io.stdoutIsTTY) {
        const bits = [spec.required ? 'required' : 'optional', spec.type, spec.default !== undefined ? `default ${JSON.stringify(spec.default)}` : undefined].filter(Boolean).join(', ');
        lines.push(`  ${visibleControls(key)} (${bits})${spec.description ? `: ${visibleControls(spec.description)}` : ''}`);
      } else lines.push(['input', plainText(key), spec.required ? 'required' : 'optional', plainText(spec.default ?? ''), plainText(spec.description ?? '')].join('\t'));
    }
  }
  if (lines.length > 0) printText(io, `${lines.join('\n')}\n`);
}
