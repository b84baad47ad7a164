// What the workflow verbs share: a FILE checked as a file name, and the workflow
// file read at a ref with its dispatch trigger.
import * as workflows from '../../api/gitea/workflows.js';
import { fullName } from '../../context/repo.js';
import { KettleError, UsageError } from '../../errors.js';
import { failure } from '../failure.js';
import type { Place } from '../runs.js';
import { type Dispatch, readDispatch } from '../workflow-file.js';

/** FILE as the servers name a workflow: a file name in the workflows folder, no path. */
export function checkFile(file: string): string {
  const name = file.replace(/^\.(gitea|forgejo|github)\/workflows\//, '');
  if (name === '' || name.includes('/') || name === '.' || name === '..' || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new UsageError(`FILE must be a workflow file name such as ci.yml, not "${file}"`);
  }
  return name;
}

export interface WorkflowText {
  path: string;
  text: string;
  dispatch: Dispatch;
  name: string | undefined;
}

export async function readWorkflow(at: Place, file: string, ref: string): Promise<WorkflowText> {
  const found = await workflows.workflowFile(at.api, at.server, at.repo, file, ref).catch(failure({ action: `read workflow ${file} of ${fullName(at.repo)}`, within: { api: at.api, repo: at.repo } }));
  if (!found) {
    const folders = workflows.workflowFolders(at.server).join(' or ');
    throw new KettleError(`workflow ${file} not found in ${folders} of ${fullName(at.repo)} at ${ref}`);
  }
  const nameLine = /^name:\s*(.+)$/m.exec(found.text)?.[1]?.trim();
  const name = nameLine?.replace(/^(["'])(.*)\1$/, '$2');
  return { ...found, dispatch: readDispatch(found.text), name };
}
