// kettle issue react / pr react NUMBER REACTION [--remove]. A pull request is
// an issue to the reactions endpoints (routers/api/v1/repo/issue_reaction.go),
// so both verbs run here.
import * as reactions from '../api/gitea/reactions.js';
import * as users from '../api/gitea/users.js';
import type { Context } from '../context/context.js';
import { fullName } from '../context/repo.js';
import { target } from '../context/target.js';
import { UsageError } from '../errors.js';
import { failure } from './failure.js';
import { parseNumberArg } from './input.js';
import { REACTION_EMOJI, REACTION_NAMES } from '../spec/reactions.js';

/** What both react verbs take (each derives it from its own definition). */
export interface ReactOptions {
  number: string;
  reaction: string;
  repo: string | undefined;
  remove: boolean;
}

const EMOJI: Readonly<Record<string, string>> = REACTION_EMOJI;
/** Words people also type for the default reactions. */
const ALIASES: Record<string, string> = { thumbsup: '+1', thumbsdown: '-1', smile: 'laugh', tada: 'hooray' };

/**
 * The reaction as the server names it: a name (`+1`, `:+1:`, `heart`), or its
 * emoji (with or without the variation selector). Undefined for anything else.
 */
export function reactionName(value: string): string | undefined {
  const text = value.trim();
  const bare = text.replace(/^:(.+):$/, '$1');
  if ((REACTION_NAMES as readonly string[]).includes(bare)) return bare;
  const alias = ALIASES[bare.toLowerCase()];
  if (alias) return alias;
  const plain = (s: string) => s.replace(/\uFE0F/g, '');
  for (const [name, emoji] of Object.entries(EMOJI)) if (plain(emoji) === plain(text)) return name;
  return undefined;
}

const shown = (name: string) => (EMOJI[name] ? `${EMOJI[name]} (${name})` : name);

export async function react(ctx: Context, opts: ReactOptions, kind: 'issue' | 'pull request'): Promise<void> {
  const number = parseNumberArg(opts.number, `${kind} number`);
  const t = await target(ctx, { repo: opts.repo, numbers: opts.number });
  const api = await t.api();
  const what = `${kind} #${number} in ${fullName(t.repo)}`;
  let name = reactionName(opts.reaction);
  if (name === undefined) {
    // Not a default reaction: the server's own list (setting.UI.Reactions, which may add others) decides, before sending.
    const allowed = await reactions.allowed(api).catch(failure({ action: 'read the reactions the server allows' }));
    const wanted = opts.reaction.trim().replace(/^:(.+):$/, '$1');
    if (!allowed.includes(wanted)) {
      throw new UsageError(`unknown reaction "${opts.reaction}": the server allows ${(allowed.length > 0 ? allowed : [...REACTION_NAMES]).join(', ')} (or their emoji)`);
    }
    name = wanted;
  }
  const attempt = { action: `${opts.remove ? 'remove your reaction from' : 'react to'} ${what}`, missing: what, within: { api, repo: t.repo } };
  if (opts.remove) {
    // The servers answer a removal alike whether or not the reaction was there (DeleteIssueReaction): looked up first.
    const [me, list] = await Promise.all([users.me(api), reactions.list(api, t.repo, number)]).catch(failure(attempt));
    const mine = list.some((r) => r.content === name && (r.user?.login ?? '').toLowerCase() === (me.login ?? '').toLowerCase());
    if (!mine) {
      ctx.term.info(`kettle: you have not reacted ${shown(name)} to ${what}; nothing was changed`);
      return;
    }
    await reactions.remove(api, t.repo, number, name).catch(failure(attempt));
    ctx.term.success(`Removed your ${shown(name)} from ${what}`);
    return;
  }
  const { created } = await reactions.add(api, t.repo, number, name).catch(failure(attempt));
  // PostIssueReaction answers 200 rather than 201 when the caller had reacted so already.
  if (!created) ctx.term.info(`kettle: you had reacted ${shown(name)} to ${what} already; nothing was changed`);
  else ctx.term.success(`Reacted ${shown(name)} to ${what}`);
}
