// An issue's dependencies: the issues it is blocked by and the issues it
// blocks, /repos/{owner}/{repo}/issues/{index}/dependencies and /blocks
// (routers/api/v1/repo/issue_dependency.go).
import type { RepoRef } from '../repo.js';
import type { ApiClient } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { done } from './send.js';
import { issuePath } from './issues.js';
import type { Issue, IssueMeta } from './types.js';

/** Every page: an issue has few dependencies, and the list command shows them all. */
const ALL: PageWindow = { count: Number.POSITIVE_INFINITY, offset: 0, pageSize: 50 };

async function every(api: ApiClient, path: string): Promise<Issue[]> {
  const out: Issue[] = [];
  for await (const page of api.pages<Issue>(path, ALL)) out.push(...page);
  return out;
}

/** GetIssueDependencies: the issues this one is blocked by (404 where the repository has dependencies turned off). */
export function blockedBy(api: ApiClient, repo: RepoRef, number: number): Promise<Issue[]> {
  return every(api, `${issuePath(repo, number)}/dependencies`);
}

/** GetIssueBlocks: the issues this one blocks (answered even where dependencies are turned off). */
export function blocks(api: ApiClient, repo: RepoRef, number: number): Promise<Issue[]> {
  return every(api, `${issuePath(repo, number)}/blocks`);
}

/** The other issue of a dependency, as IssueMeta names it: its repository (owner and name) and number. */
export interface IssueRef {
  owner: string;
  name: string;
  number: number;
}

const meta = (other: IssueRef): IssueMeta => ({ owner: other.owner, repo: other.name, index: other.number });

/**
 * CreateIssueDependency (…/dependencies, the issue is blocked by `other`) or
 * CreateIssueBlocking (…/blocks, the issue blocks `other`): 201 with the issue
 * in the path. An existing or circular dependency is a 500 (models/issues/
 * dependency.go CreateIssueDependency's errors, not told apart by the handler).
 */
export function add(api: ApiClient, repo: RepoRef, number: number, kind: 'dependencies' | 'blocks', other: IssueRef): Promise<void> {
  return done(api, 'POST', `${issuePath(repo, number)}/${kind}`, { body: meta(other) });
}

/** RemoveIssueDependency / RemoveIssueBlocking: 201 as well; one that does not exist is a 500 (ErrDependencyNotExists). */
export function remove(api: ApiClient, repo: RepoRef, number: number, kind: 'dependencies' | 'blocks', other: IssueRef): Promise<void> {
  return done(api, 'DELETE', `${issuePath(repo, number)}/${kind}`, { body: meta(other) });
}
