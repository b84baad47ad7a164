// kettle branch protection list / view, branch protect, branch unprotect: definitions.
import { InvalidArgumentError } from '../../../spec/invalid.js';
import { repoFlag, yesFlag } from '../../../spec/flags.js';
import { arg, list, parsed, type SubGroupDef, switchFlag, verb } from '../../../spec/spec.js';

const rule = arg('<rule>', 'the rule: a branch name, or a glob such as release/* (* stops at /, ** does not)');

/** A whole number of 0 or more: 0 asks for no approvals. */
function approvals(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new InvalidArgumentError(`--required-approvals takes a whole number of 0 or more, not "${value}"`);
  return Number(value);
}

const protectionList = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a repository's branch protection rules, in the order they apply",
  flags: repoFlag,
  output: true,
  examples: ['kettle branch protection list -R alice/teapot', 'kettle branch protection list --json --fields rule_name,required_approvals'],
  notes: '\nReading the rules takes administration of the repository.\n',
  load: async () => ({ run: (await import('../protection.js')).runList }),
});

const protectionView = verb({
  name: 'view',
  summary: 'Show one branch protection rule',
  args: { rule },
  flags: repoFlag,
  output: true,
  examples: ['kettle branch protection view main -R alice/teapot', "kettle branch protection view 'release/*' --json"],
  load: async () => ({ run: (await import('../protection.js')).runView }),
});

export const protection = {
  name: 'protection',
  summary: "List and view a repository's branch protection rules",
  examples: ['kettle branch protection list -R alice/teapot', 'kettle branch protection view main'],
  verbs: [protectionList, protectionView],
} satisfies SubGroupDef;

export const protect = verb({
  name: 'protect',
  summary: 'Protect branches: create a rule, or change the options named of an existing one',
  args: { rule },
  flags: {
    ...repoFlag,
    requiredApprovals: parsed('--required-approvals <n>', 'approvals a pull request needs before it can be merged (0: none)', approvals),
    statusCheck: list('--status-check <context>', 'a status check that must pass before merging (repeatable; a glob; the list replaces the rule\'s; "" for none)'),
    push: list('--push <who>', 'who may push: none, all (anyone with write access), or a USER or TEAM (ORG/TEAM), repeatable, for only those'),
    merge: list('--merge <who>', 'who may merge: a USER or TEAM (ORG/TEAM), repeatable; all for anyone with write access'),
    dismissStaleApprovals: switchFlag('--dismiss-stale-approvals', 'new commits dismiss the approvals given'),
    noDismissStaleApprovals: switchFlag('--no-dismiss-stale-approvals', 'new commits keep the approvals given'),
    blockOnRejectedReviews: switchFlag('--block-on-rejected-reviews', 'a review asking for changes blocks the merge'),
    noBlockOnRejectedReviews: switchFlag('--no-block-on-rejected-reviews', 'a review asking for changes does not block the merge'),
    blockOnOutdatedBranch: switchFlag('--block-on-outdated-branch', 'a pull request behind its base cannot be merged'),
    noBlockOnOutdatedBranch: switchFlag('--no-block-on-outdated-branch', 'a pull request behind its base can be merged'),
    requireSignedCommits: switchFlag('--require-signed-commits', 'refuse pushes of unsigned or unverified commits'),
    noRequireSignedCommits: switchFlag('--no-require-signed-commits', 'take unsigned commits'),
    protectedFiles: list('--protected-files <glob>', 'files no one may change by a push (repeatable; "" for none)'),
    unprotectedFiles: list('--unprotected-files <glob>', 'files anyone with push access may change despite the rule (repeatable; "" for none)'),
  },
  output: true,
  examples: [
    'kettle branch protect main -R alice/teapot --required-approvals 1 --status-check ci/build',
    "kettle branch protect 'release/*' --push none --require-signed-commits",
    'kettle branch protect main --push alice --push teapot-org/maintainers --merge alice',
    'kettle branch protect main --no-dismiss-stale-approvals     # changes only that',
  ],
  notes:
    '\nOn an existing rule only the options given change; the rest are kept as they are. A list option (--status-check, --push, --merge, ' +
    '--protected-files, --unprotected-files) replaces that list as a whole. A name in --push and --merge is a user when one exists, ' +
    'else a team of the organization that owns the repository; ORG/TEAM always names a team. The servers keep only users and teams ' +
    'with write access to the repository in these lists: a user without it is refused before anything is sent, and one the server ' +
    'leaves out all the same is said, exit 1.\n',
  load: async () => ({ run: (await import('../protect.js')).run }),
});

export const unprotect = verb({
  name: 'unprotect',
  summary: 'Delete a branch protection rule',
  args: { rule },
  flags: { ...repoFlag, ...yesFlag },
  examples: ['kettle branch unprotect main -R alice/teapot     # asks you to type the rule', "kettle branch unprotect 'release/*' --yes"],
  load: async () => ({ run: (await import('../protect.js')).runUnprotect }),
});

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { protectionList, protectionView };
