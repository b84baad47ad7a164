// What the hostile server's cases are written with: one file per noun in this
// folder (default export: (kit) => its lists, its writes, and the verbs run
// elsewhere with the reason), each case a command line that may make what it
// needs in the in-memory server first. ../hostile.test.ts loads every file here.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Suite } from '../../support/suite.js';
import { addThread } from '../../server/routes-inbox.js';
import { sshKeyPair } from '../../support/keys.js';

export interface HostileCase {
  /** The verb as the overview names it (`issue list`). */
  verb: string;
  /** The command line; may make what it needs in the server first. */
  args: () => string[];
  /** Standard input (a password read with --password-stdin). */
  input?: string;
  /** stdout is a byte stream written as it arrives (kettle api, pr diff). */
  stream?: boolean;
  /** Several values at once: the records of those that succeeded are printed even when another failed (the contract's rule). */
  several?: boolean;
}

export interface NounCases {
  /** Commands that print a list. */
  lists?: HostileCase[];
  /** Commands that change something on the server. */
  writes?: HostileCase[];
  /** Verbs the hostile server does not run, each with the reason (local, one record read, git, a browser). */
  elsewhere?: Record<string, string>;
}

let n = 0;

/** The suite's server and helpers that make what a case needs. */
export function kitOf(s: Suite) {
  /** A name no earlier run used. */
  const fresh = (prefix: string) => `${prefix}-${process.pid}-${++n}`;
  const teapot = () => {
    const repo = s.server.state.repo('alice', 'teapot');
    if (!repo) throw new Error('no alice/teapot');
    return repo;
  };
  return {
    get server() {
      return s.server;
    },
    /** The test's folder. */
    get dir() {
      return s.dir;
    },
    fresh,
    teapot,
    /** The suite's user (alice) made a site administrator, for the admin verbs. */
    admin: () => {
      const alice = s.server.state.user('alice');
      if (alice) alice.admin = true;
    },
    hookId: () => String(s.server.state.addHook(teapot(), { type: 'gitea', url: 'https://ci.example.com/h', content_type: 'json', secret: 'hostile-secret', events: ['push'], active: true }).id),
    issueNumber: () => String(s.server.state.addIssue(teapot(), 'alice', { title: fresh('hostile issue') }).number),
    pullNumber: () => {
      const branch = fresh('topic');
      teapot().branches.push(branch);
      return String(s.server.state.addIssue(teapot(), 'bob', { title: fresh('hostile pull'), pull: { head: branch, base: 'main' } }).number);
    },
    threadId: () => String(addThread(s.server.state, 'alice', s.server.state.addIssue(teapot(), 'bob', { title: fresh('hostile thread') })).id),
    /** A small file to upload, in the test's folder. */
    asset: () => {
      const path = join(s.dir, 'asset.txt');
      writeFileSync(path, 'hostile asset\n'.repeat(100));
      return path;
    },
    sshKeyFile: () => {
      const path = join(s.dir, 'id_hostile.pub');
      writeFileSync(path, sshKeyPair(fresh('hostile')).pub);
      return path;
    },
    gpgKeyFile: () => join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'keys', 'alice.asc'),
  };
}

export type Kit = ReturnType<typeof kitOf>;
