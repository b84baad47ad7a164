// The options of pr create, in a module of their own: the AGit path (agit.ts),
// which create.ts loads only with --agit, takes them too, and importing them
// from create.ts would make the two modules import each other.
import type { BodyFlags, RepoFlag, WebFlag } from '../../spec/flags.js';

export interface CreateOptions extends RepoFlag, BodyFlags, WebFlag {
  title: string | undefined;
  head: string | undefined;
  base: string | undefined;
  fill: boolean;
  draft: boolean;
  label: string[];
  assignee: string[];
  reviewer: string[];
  milestone: string | undefined;
  agit: boolean;
  topic: string | undefined;
  force: boolean;
}
