// What the webhook verbs share: the organization flag beside -R, and the id.
import { type RepoFlag, repoFlag } from '../../../cli/flags.js';
import { arg, text } from '../../../cli/spec.js';

export const targetFlags = {
  ...repoFlag,
  org: text('--org <org>', "the organization's webhooks instead of a repository's"),
};
export interface TargetFlags extends RepoFlag {
  org: string | undefined;
}

export const hookId = arg('<id>', 'the webhook id (see kettle hook list)');
