// Actions workflows: listed, read, enabled and disabled, dispatched, and their
// files read from the folders each flavour looks in, under
// /repos/{owner}/{repo}/actions/workflows (see actions.ts for runs).
import { ApiError } from '../../errors.js';
import type { ApiClient } from '../client.js';
import type { RepoRef } from '../repo.js';
import { expectRecord } from '../response.js';
import { p } from '../url.js';
import { num, type RunRef, unwrapper } from './actions.js';
import { type ActionsServer, offers } from './actions-features.js';
import { repoPath } from './repos.js';

type Rec = Record<string, unknown>;

export interface Workflow {
  id: string;
  name: string;
  path: string;
  state: string;
}

export async function listWorkflows(api: ApiClient, repo: RepoRef): Promise<Workflow[]> {
  const path = `${repoPath(repo)}/actions/workflows`;
  const res = await api.request('GET', path);
  return unwrapper('workflows')(res.data, path, res.status) as Workflow[];
}

export async function getWorkflow(api: ApiClient, repo: RepoRef, file: string): Promise<Workflow> {
  const path = `${repoPath(repo)}${p`/actions/workflows/${file}`}`;
  const res = await api.request('GET', path);
  return expectRecord(res.data, 'GET', path, res.status) as unknown as Workflow;
}

export async function setWorkflowEnabled(api: ApiClient, repo: RepoRef, file: string, enabled: boolean): Promise<void> {
  await api.request('PUT', `${repoPath(repo)}${p`/actions/workflows/${file}`}/${enabled ? 'enable' : 'disable'}`);
}

/**
 * Dispatch a workflow_dispatch workflow; the started run where the server
 * tells it (Gitea 1.26 `return_run_details`, Forgejo `return_run_info`), else undefined.
 */
export async function dispatch(api: ApiClient, server: ActionsServer, repo: RepoRef, file: string, ref: string, inputs: Record<string, string>): Promise<RunRef | undefined> {
  const path = `${repoPath(repo)}${p`/actions/workflows/${file}/dispatches`}`;
  if (server.flavour === 'forgejo') {
    const res = await api.request('POST', path, { body: { ref, inputs, return_run_info: true } });
    if (res.status !== 201 || res.data === undefined || res.data === null) return undefined;
    const r = expectRecord(res.data, 'POST', path, res.status) as Rec;
    // Forgejo's web page shows the run's number; its API takes the id where it lists runs, the number where only tasks.
    const shown = num(r.run_number);
    const id = offers(server, 'runs') ? num(r.id) : shown;
    return shown > 0 && id > 0 ? { shown, api: id } : undefined;
  }
  const details = offers(server, 'runDetails');
  const res = await api.request('POST', path, { body: { ref, inputs }, ...(details ? { query: { return_run_details: true } } : {}) });
  if (!details || res.status !== 200 || res.data === undefined || res.data === null) return undefined;
  const r = expectRecord(res.data, 'POST', path, res.status) as Rec;
  // Gitea 1.26+ (which alone answers with the run) shows the run's id on its web page.
  const id = num(r.workflow_run_id);
  return id > 0 ? { shown: id, api: id } : undefined;
}

/** The folders each flavour reads workflows from, in the order it looks. */
export function workflowFolders(server: ActionsServer): string[] {
  return server.flavour === 'forgejo' ? ['.forgejo/workflows', '.gitea/workflows'] : ['.gitea/workflows', '.github/workflows'];
}

/**
 * A workflow file's text at a ref, from the first folder that has it; undefined
 * when none does. Read through the contents API, which every server has.
 */
export async function workflowFile(api: ApiClient, server: ActionsServer, repo: RepoRef, file: string, ref: string): Promise<{ path: string; text: string } | undefined> {
  for (const folder of workflowFolders(server)) {
    // One segment, its slashes encoded: the servers read the path parameter unescaped.
    const path = `${repoPath(repo)}${p`/contents/${`${folder}/${file}`}`}`;
    try {
      const res = await api.request('GET', path, { query: { ref } });
      const r = expectRecord(res.data, 'GET', path, res.status);
      if (r.type !== 'file' || typeof r.content !== 'string') continue;
      return { path: `${folder}/${file}`, text: Buffer.from(r.content, 'base64').toString('utf8') };
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) continue;
      throw err;
    }
  }
  return undefined;
}
