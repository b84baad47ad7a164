// kettle team: an organization's teams, their members and their repositories.
import { listFlags, yesFlag } from '../../spec/flags.js';
import { PERMISSIONS, UNITS } from './choices.js';
import { arg, bool, choice, type GroupDef, type SubGroupDef, text, variadicArg, verb } from '../../spec/spec.js';

const team = arg('<team>', 'the team, by name (such as Owners)');
const orgFlag = { org: text('--org <org>', 'the organization the team belongs to (required)') };

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List an organization's teams",
  flags: { ...orgFlag, ...listFlags },
  output: true,
  examples: ['kettle team list --org wonderland', 'kettle team list --org wonderland --json --fields name,permission,units_map'],
  load: () => import('./list.js'),
});

const view = verb({
  name: 'view',
  summary: 'Show a team: its permission and the units it grants',
  args: { team },
  flags: { ...orgFlag },
  output: true,
  examples: ['kettle team view Owners --org wonderland', 'kettle team view writers --org wonderland --json --jq .units_map'],
  load: () => import('./view.js'),
});

const create = verb({
  name: 'create',
  summary: 'Create a team',
  args: { team: arg('<team>', "the new team's name") },
  flags: {
    ...orgFlag,
    permission: choice('-p, --permission <permission>', 'what the team may do in its repositories (admin: everything, units aside)', PERMISSIONS, 'read'),
    units: text('--units <list>', `the units it covers, comma-separated: ${UNITS.join(',')} (default: code,issues,pulls,releases,wiki,projects,packages,actions)`),
    description: text('-d, --description <text>', 'what the team is for'),
    allRepos: bool('--all-repositories', 'give the team every repository of the organization, present and future'),
    canCreateRepos: bool('--can-create-repos', 'let its members create repositories in the organization'),
  },
  output: true,
  examples: [
    'kettle team create writers --org wonderland --permission write',
    'kettle team create triage --org wonderland --permission read --units issues,pulls',
    'kettle team create maintainers --org wonderland --permission admin --all-repositories',
  ],
  load: () => import('./create.js'),
});

const del = verb({
  name: 'delete',
  summary: 'Delete a team (never the Owners team; asks you to type its name)',
  args: { team },
  flags: { ...orgFlag, ...yesFlag },
  examples: ['kettle team delete writers --org wonderland', 'kettle team delete old-team --org wonderland --yes'],
  load: () => import('./delete.js'),
});

const memberList = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a team's members",
  args: { team },
  flags: { ...orgFlag, ...listFlags },
  output: true,
  examples: ['kettle team member list writers --org wonderland', 'kettle team member list Owners --org wonderland --json --jq ".[].login"'],
  load: async () => ({ run: (await import('./member.js')).runList }),
});
const memberAdd = verb({
  name: 'add',
  summary: 'Add users to a team (they join the organization too)',
  args: { team, users: variadicArg('<users...>', 'the users, by login') },
  flags: { ...orgFlag },
  output: true,
  examples: ['kettle team member add writers alice bob --org wonderland'],
  load: async () => ({ run: (await import('./member.js')).runAdd }),
});
const memberRemove = verb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Remove users from a team',
  args: { team, users: variadicArg('<users...>', 'the users, by login') },
  flags: { ...orgFlag },
  output: true,
  examples: ['kettle team member remove writers bob --org wonderland'],
  load: async () => ({ run: (await import('./member.js')).runRemove }),
});
const member = {
  name: 'member',
  summary: "List, add and remove a team's members",
  examples: ['kettle team member list writers --org wonderland', 'kettle team member add writers alice --org wonderland'],
  verbs: [memberList, memberAdd, memberRemove],
} satisfies SubGroupDef;

const repoList = verb({
  name: 'list',
  aliases: ['ls'],
  summary: "List a team's repositories",
  args: { team },
  flags: { ...orgFlag, ...listFlags },
  output: true,
  examples: ['kettle team repo list writers --org wonderland', 'kettle team repo list writers --org wonderland --json --jq ".[].full_name"'],
  load: async () => ({ run: (await import('./repo.js')).runList }),
});
const repoAdd = verb({
  name: 'add',
  summary: 'Give a team repositories of its organization',
  args: { team, repos: variadicArg('<repos...>', "the repositories, as OWNER/NAME or NAME (the organization's)") },
  flags: { ...orgFlag },
  output: true,
  examples: ['kettle team repo add writers wonderland/teapot --org wonderland', 'kettle team repo add writers teapot kettle --org wonderland'],
  load: async () => ({ run: (await import('./repo.js')).runAdd }),
});
const repoRemove = verb({
  name: 'remove',
  aliases: ['rm'],
  summary: 'Take repositories from a team',
  args: { team, repos: variadicArg('<repos...>', "the repositories, as OWNER/NAME or NAME (the organization's)") },
  flags: { ...orgFlag },
  output: true,
  examples: ['kettle team repo remove writers wonderland/teapot --org wonderland'],
  load: async () => ({ run: (await import('./repo.js')).runRemove }),
});
const repo = {
  name: 'repo',
  summary: "List, add and remove a team's repositories",
  examples: ['kettle team repo list writers --org wonderland', 'kettle team repo add writers wonderland/teapot --org wonderland'],
  verbs: [repoList, repoAdd, repoRemove],
} satisfies SubGroupDef;

export const teamGroup = {
  name: 'team',
  summary: "List, view, create and delete an organization's teams; their members and repositories",
  section: 'Organizations:',
  examples: ['kettle team list --org wonderland', 'kettle team create writers --org wonderland --permission write', 'kettle team member add writers alice --org wonderland'],
  verbs: [list, view, create, del, member, repo],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { create, del, list, memberAdd, memberList, memberRemove, repoAdd, repoList, repoRemove, view };
