// kettle repo topic list / add TOPIC... / remove TOPIC... / set [TOPIC...]
import { target } from '../../context/target.js';
import * as settings from '../../api/gitea/repo-settings.js';
import type { Context } from '../../context/context.js';
import { canPrompt } from '../../io.js';
import { ask } from '../../context/prompt.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { printNames } from '../../output/printer.js';
import { failure } from '../failure.js';
import { MAX_TOPICS, normalizeTopics } from './topics-rule.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './defs/topic.js';

export type TopicChangeOptions = OptionsOf<typeof definition.remove>;
export type TopicListOptions = OptionsOf<typeof definition.list>;
export type TopicSetOptions = OptionsOf<typeof definition.set>;

function current(ctx: Context, repo: RepoRef): Promise<string[]> {
  const name = fullName(repo);
  return ctx.api().then((api) => settings.listTopics(api, repo).catch(failure({ action: `read the topics of ${name}`, missing: `repository ${name}` })));
}

function checked(ctx: Context, typed: readonly string[]): string[] {
  const { topics, changed } = normalizeTopics(typed);
  for (const [was, now] of changed) ctx.term.info(`kettle: topic "${was}" is stored as "${now}"`);
  return topics;
}

export async function runList(ctx: Context, opts: TopicListOptions): Promise<void> {
  if (ctx.output.fields) throw new UsageError('--fields does not apply: topics are names, not records');
  const { repo } = await target(ctx, { repo: opts.repo });
  const topics = await current(ctx, repo);
  if (topics.length === 0 && ctx.output.kind === 'view' && ctx.io.stdoutIsTTY) ctx.term.info(`No topics on ${fullName(repo)}`);
  printNames(ctx.io, ctx.output, topics);
}

export async function runAdd(ctx: Context, opts: TopicChangeOptions): Promise<void> {
  const topics = checked(ctx, opts.topics);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const have = await current(ctx, repo);
  const adding = topics.filter((t) => !have.includes(t));
  for (const t of topics.filter((t) => have.includes(t))) ctx.term.info(`kettle: ${name} already has topic ${t}`);
  if (adding.length === 0) return;
  // routers/api/v1/repo/topic.go AddTopic refuses a topic once a repository has 25.
  if (have.length + adding.length > MAX_TOPICS) {
    throw new KettleError(`cannot add ${adding.length} topics to ${name}: it has ${have.length}, and a repository may have at most ${MAX_TOPICS}; nothing was changed`);
  }
  const api = await at.api();
  const added: string[] = [];
  for (const t of adding) {
    await settings.addTopic(api, repo, t).catch((err: unknown) => {
      if (added.length > 0) ctx.term.success(`Added ${plural(added)} to ${name}`);
      return failure({ action: `add topic ${t} to ${name}`, missing: `repository ${name}` })(err);
    });
    added.push(t);
  }
  ctx.term.success(`Added ${plural(added)} to ${name}`);
}

export async function runRemove(ctx: Context, opts: TopicChangeOptions): Promise<void> {
  const topics = checked(ctx, opts.topics);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const have = await current(ctx, repo);
  for (const t of topics.filter((t) => !have.includes(t))) ctx.term.info(`kettle: ${name} has no topic ${t}`);
  const removing = topics.filter((t) => have.includes(t));
  if (removing.length === 0) return;
  const api = await at.api();
  const removed: string[] = [];
  for (const t of removing) {
    await settings.removeTopic(api, repo, t).catch((err: unknown) => {
      if (removed.length > 0) ctx.term.success(`Removed ${plural(removed)} from ${name}`);
      return failure({ action: `remove topic ${t} from ${name}`, missing: `repository ${name}` })(err);
    });
    removed.push(t);
  }
  ctx.term.success(`Removed ${plural(removed)} from ${name}`);
}

export async function runSet(ctx: Context, opts: TopicSetOptions): Promise<void> {
  const topics = checked(ctx, opts.topics);
  const at = await target(ctx, { repo: opts.repo });
  const { repo } = at;
  const name = fullName(repo);
  const have = await current(ctx, repo);
  if (topics.length === have.length && topics.every((t) => have.includes(t))) {
    ctx.term.info(`kettle: ${name} already has ${topics.length === 0 ? 'no topics' : 'exactly those topics'}; nothing was changed`);
    return;
  }
  if (topics.length === 0 && !opts.yes) {
    if (!canPrompt(ctx.io)) throw new UsageError(`refusing to clear every topic of ${name} without confirmation; pass --yes`);
    const typed = await ask(ctx.io, '--yes', { message: `Type ${name} to clear its topics (${have.join(', ')})`, required: false });
    if (typed !== name) throw new UsageError(`confirmation did not match ${name}; the topics were kept`);
  }
  const api = await at.api();
  await settings.setTopics(api, repo, topics).catch(failure({ action: `set the topics of ${name}`, missing: `repository ${name}` }));
  ctx.term.success(topics.length === 0 ? `Cleared the topics of ${name}` : `Set the topics of ${name}: ${topics.join(', ')}`);
}

function plural(topics: string[]): string {
  return `${topics.length === 1 ? 'topic' : 'topics'} ${topics.join(', ')}`;
}
