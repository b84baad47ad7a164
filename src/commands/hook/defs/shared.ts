// What the webhook verbs share: the organization flag beside -R, and the id.
import { repoFlag } from '../../../spec/flags.js';
import { arg, text } from '../../../spec/spec.js';

export const targetFlags = {
  ...repoFlag,
  org: text('--org <org>', "the organization's webhooks instead of a repository's"),
};

export const hookId = arg('<id>', 'the webhook id (see kettle hook list)');
