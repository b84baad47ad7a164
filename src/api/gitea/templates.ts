// A repository's issue and pull-request templates: the servers' own list of
// issue templates (routers/api/v1/repo/repo.go GetIssueTemplates, forms
// already parsed into fields) and their config.yml (GetIssueConfig); the
// pull-request template is a file the web page reads from the base branch
// (routers/web/repo/pull.go pullRequestTemplateCandidates), which no endpoint
// lists, so it is found through the contents API.
import { ApiError } from '../../errors.js';
import type { ApiClient } from '../client.js';
import type { RepoRef } from '../repo.js';
import { expectList, expectRecord } from '../response.js';
import { p } from '../url.js';
import { repoPath } from './repos.js';
import { list, record } from './send.js';
import type { IssueConfig, IssueTemplate } from './types.js';

/** The repository's issue templates, markdown and forms, as the server reads them from its default branch. */
export function issueTemplates(api: ApiClient, repo: RepoRef): Promise<IssueTemplate[]> {
  return list<IssueTemplate>(api, 'GET', `${repoPath(repo)}/issue_templates`);
}

/** The issue config (blank issues allowed, contact links); its defaults when the repository has none. */
export function issueConfig(api: ApiClient, repo: RepoRef): Promise<IssueConfig> {
  return record<IssueConfig>(api, 'GET', `${repoPath(repo)}/issue_config`);
}

/** The files the web page looks for, in its order: the first that exists is the template (Forgejo reads .forgejo/ too). */
export function pullTemplateCandidates(forgejo: boolean): string[] {
  const names = ['PULL_REQUEST_TEMPLATE', 'pull_request_template'];
  const exts = ['md', 'yaml', 'yml'];
  const folders = ['', ...(forgejo ? ['.forgejo/'] : []), '.gitea/', '.github/'];
  return folders.flatMap((folder) => names.flatMap((name) => exts.map((ext) => `${folder}${name}.${ext}`)));
}

/** The entries of a folder at REF (an empty list when the folder does not exist). */
async function folderEntries(api: ApiClient, repo: RepoRef, folder: string, ref: string): Promise<string[]> {
  const path = folder === '' ? `${repoPath(repo)}/contents` : `${repoPath(repo)}${p`/contents/${folder}`}`;
  try {
    const res = await api.request('GET', path, { query: { ref } });
    return expectList(res.data, 'GET', path, res.status).flatMap((e) => {
      const entry = e as { type?: unknown; path?: unknown };
      return entry.type === 'file' && typeof entry.path === 'string' ? [entry.path] : [];
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** The pull-request template at REF: the first candidate that exists, and its text; undefined when there is none. */
export async function pullTemplate(api: ApiClient, repo: RepoRef, ref: string, forgejo: boolean): Promise<{ path: string; text: string } | undefined> {
  const candidates = pullTemplateCandidates(forgejo);
  const folders = [...new Set(candidates.map((c) => c.slice(0, Math.max(0, c.lastIndexOf('/')))))];
  const present = new Set((await Promise.all(folders.map((f) => folderEntries(api, repo, f, ref)))).flat());
  const found = candidates.find((c) => present.has(c));
  if (found === undefined) return undefined;
  const path = `${repoPath(repo)}${p`/contents/${found}`}`;
  const res = await api.request('GET', path, { query: { ref } });
  const file = expectRecord(res.data, 'GET', path, res.status);
  if (typeof file.content !== 'string') return undefined;
  return { path: found, text: Buffer.from(file.content, 'base64').toString('utf8') };
}
