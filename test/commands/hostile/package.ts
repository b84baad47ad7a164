// The hostile server's cases of `kettle package` (see ../hostile.test.ts).
import { addPackage } from '../../server/routes-packages.js';
import type { Kit, NounCases } from './kit.js';

export default (k: Kit): NounCases => {
  /** A package of alice's made for one case: its name. */
  const made = () => addPackage(k.server.state, { owner: 'alice', type: 'generic', name: k.fresh('hostile-pkg'), version: '1.0.0' }).name;
  return {
    lists: [{ verb: 'package list', args: () => ['package', 'list', '--json'] }],
    writes: [
      { verb: 'package delete', args: () => ['package', 'delete', 'generic', made(), '1.0.0', '--yes'] },
      { verb: 'package link', args: () => ['package', 'link', 'generic', made(), 'alice/teapot'] },
      { verb: 'package unlink', args: () => ['package', 'unlink', 'generic', made()] },
    ],
    elsewhere: { 'package view': 'reads one record (and, without a version, a list: package list covers it)' },
  };
};
