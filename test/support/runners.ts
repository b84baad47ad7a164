// What the runner tests share: the releases they set the in-memory server
// to, and the places runners belong to (a repository of alice's, an
// organization of hers) with a site administrator to list them all.
import type { State, Org, Repo } from '../server/state.js';

export const G23 = { forgejo: false, version: undefined };
export const G24 = { forgejo: false, version: '1.24.0' };
export const G27 = { forgejo: false, version: '1.27.0' };
export const F11 = { forgejo: true, version: undefined };
export const F15 = { forgejo: true, version: '15.0.3+gitea-1.22.0' };

export interface RunnerHomes {
  repo: Repo;
  org: Org;
  /** kettle's options to run as root, a site administrator. */
  asRoot: { env: { KETTLE_TOKEN: string } };
}

/** Make root (an administrator), alice's repository `repoName` and her organization `orgLogin`. */
export function runnerHomes(server: { state: State; addToken(login: string): string }, repoName: string, orgLogin: string, orgName: string): RunnerHomes {
  const root = server.state.addUser('root', 'Site Admin', 'root-password');
  root.admin = true;
  return {
    asRoot: { env: { KETTLE_TOKEN: server.addToken('root') } },
    repo: server.state.addRepo('alice', repoName, { init: true }),
    org: server.state.addOrg(orgLogin, orgName, ['alice']),
  };
}
