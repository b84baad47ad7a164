// kettle branch protection list / view RULE
import { target } from '../../context/target.js';
import * as protections from '../../api/gitea/branch-protections.js';
import type { Context } from '../../context/context.js';
import { fullName } from '../../context/repo.js';
import { printList, printRecord } from '../../output/printer.js';
import { failure } from '../failure.js';
import { protectionColumns, protectionViewColumns, ruleAttempt, ruleName } from './shared.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/protection.js';

export type ProtectionListOptions = OptionsOf<typeof definition.protectionList>;
export type ProtectionViewOptions = OptionsOf<typeof definition.protectionView>;

export async function runList(ctx: Context, opts: ProtectionListOptions): Promise<void> {
  const at = await target(ctx, { repo: opts.repo });
  const api = await at.api();
  const where = fullName(at.repo);
  const rules = await protections.listProtections(api, at.repo).catch(failure({ action: `list the branch protection rules of ${where}`, missing: `repository ${where}` }));
  await printList(ctx.io, ctx.output, rules, protectionColumns, `No branch protection rules in ${where}`);
}

export async function runView(ctx: Context, opts: ProtectionViewOptions): Promise<void> {
  const name = ruleName(opts.rule);
  const at = await target(ctx, { repo: opts.repo });
  const api = await at.api();
  const rule = await protections.getProtection(api, at.repo, name).catch(failure({ ...ruleAttempt('read', at.repo, name), within: { api, repo: at.repo } }));
  await printRecord(ctx.io, ctx.output, rule, protectionViewColumns);
}
