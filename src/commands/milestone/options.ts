// What the milestone verbs acting on one milestone share.
import type { RepoFlag } from '../../spec/flags.js';

export interface OneOptions extends RepoFlag {
  milestone: string;
}
