// Reactions to an issue or pull request (routers/api/v1/repo/issue_reaction.go),
// and the reactions a server allows (GET /settings/ui, routers/api/v1/settings/settings.go).
import type { RepoRef } from '../repo.js';
import type { ApiClient } from '../client.js';
import { expectRecord } from '../response.js';
import { issuePath } from './issues.js';
import { done, record } from './send.js';
import type { EditReactionOption, GeneralUISettings, Reaction } from './types.js';

/** GetIssueReactions, every page. An issue with none answers `null`, read as no reactions. */
export async function list(api: ApiClient, repo: RepoRef, number: number): Promise<Reaction[]> {
  const out: Reaction[] = [];
  const all = { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 };
  for await (const page of api.pages<Reaction>(`${issuePath(repo, number)}/reactions`, all, {}, { unwrap: (data) => data ?? [] })) out.push(...page);
  return out;
}

/**
 * PostIssueReaction: 201 with the new reaction; 200 with it when the caller
 * had reacted so already (IsErrReactionAlreadyExist); 403 for a reaction not
 * in setting.UI.Reactions ("'x' is not an allowed reaction").
 */
export async function add(api: ApiClient, repo: RepoRef, number: number, content: string): Promise<{ created: boolean; reaction: Reaction }> {
  const path = `${issuePath(repo, number)}/reactions`;
  const body: EditReactionOption = { content };
  const res = await api.request('POST', path, { body });
  return { created: res.status === 201, reaction: expectRecord(res.data, 'POST', path, res.status) as Reaction };
}

/** DeleteIssueReaction: 204 from Gitea 1.26, 200 before and from Forgejo; whether or not the reaction was there. */
export function remove(api: ApiClient, repo: RepoRef, number: number, content: string): Promise<void> {
  const body: EditReactionOption = { content };
  return done(api, 'DELETE', `${issuePath(repo, number)}/reactions`, { body });
}

/** The reactions the server allows (setting.UI.Reactions), from its UI settings. */
export async function allowed(api: ApiClient): Promise<string[]> {
  const ui = await record<GeneralUISettings>(api, 'GET', '/settings/ui');
  return Array.isArray(ui.allowed_reactions) ? ui.allowed_reactions.filter((r): r is string => typeof r === 'string') : [];
}
