// The hostile server's cases of `kettle branch` (see ../hostile.test.ts).
import { addRule } from '../../server/routes-ci.js';
import type { Kit, NounCases } from './kit.js';

/** A branch of alice/teapot made for one case. */
const branch = (k: Kit, prefix: string) => {
  const name = k.fresh(prefix);
  k.teapot().branches.push(name);
  return name;
};

/** A protection rule of alice/teapot made for one case (a glob that matches no branch, so no other case meets it). */
const rule = (k: Kit) => addRule(k.server.state, k.teapot(), { rule_name: `${k.fresh('hostile')}/*` }).rule_name;

export default (k: Kit): NounCases => ({
  lists: [
    { verb: 'branch list', args: () => ['branch', 'list', '-R', 'alice/teapot', '--json'] },
    { verb: 'branch protection list', args: () => ['branch', 'protection', 'list', '-R', 'alice/teapot', '--json'] },
  ],
  writes: [
    { verb: 'branch create', args: () => ['branch', 'create', k.fresh('hostile'), '-R', 'alice/teapot', '--json'] },
    { verb: 'branch rename', args: () => ['branch', 'rename', branch(k, 'old'), k.fresh('new'), '-R', 'alice/teapot'] },
    { verb: 'branch delete', args: () => ['branch', 'delete', branch(k, 'doomed'), '-R', 'alice/teapot', '--yes'], several: true },
    { verb: 'branch protect', args: () => ['branch', 'protect', `${k.fresh('guarded')}/*`, '--required-approvals', '1', '-R', 'alice/teapot', '--json'] },
    { verb: 'branch unprotect', args: () => ['branch', 'unprotect', rule(k), '-R', 'alice/teapot', '--yes'] },
  ],
  elsewhere: { 'branch view': 'reads one record', 'branch protection view': 'reads one record' },
});
