// The hostile server's cases of `kettle team` (see ../hostile.test.ts).
import { addTeam } from '../../server/routes-teams.js';
import type { Kit, NounCases } from './kit.js';

/** A team of wonderland made for one case: its name. */
const team = (k: Kit, prefix: string) => {
  const org = k.server.state.org('wonderland');
  if (!org) throw new Error('no wonderland');
  const name = k.fresh(prefix);
  addTeam(k.server.state, org, name, { members: ['bob'], repos: k.server.state.repos.filter((r) => r.owner === 'wonderland').slice(0, 1) });
  return name;
};

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'team list', args: () => ['team', 'list', '--org', 'wonderland', '--json'] },
    { verb: 'team member list', args: () => ['team', 'member', 'list', team(k, 'people'), '--org', 'wonderland', '--json'] },
    { verb: 'team repo list', args: () => ['team', 'repo', 'list', team(k, 'repos'), '--org', 'wonderland', '--json'] },
  ],
  writes: [
    { verb: 'team create', args: () => ['team', 'create', k.fresh('hostile'), '--org', 'wonderland', '--json'] },
    { verb: 'team delete', args: () => ['team', 'delete', team(k, 'doomed'), '--org', 'wonderland', '--yes'] },
    { verb: 'team member add', args: () => ['team', 'member', 'add', team(k, 'join'), 'carol', '--org', 'wonderland', '--json'], several: true },
    { verb: 'team member remove', args: () => ['team', 'member', 'remove', team(k, 'leave'), 'bob', '--org', 'wonderland', '--json'], several: true },
    { verb: 'team repo add', args: () => ['team', 'repo', 'add', team(k, 'give'), 'wonderland/tea-party', '--org', 'wonderland', '--json'], several: true },
    { verb: 'team repo remove', args: () => ['team', 'repo', 'remove', team(k, 'take'), 'wonderland/tea-party', '--org', 'wonderland', '--json'], several: true },
  ],
  elsewhere: { 'team view': 'reads one record' },
});
