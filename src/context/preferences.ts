// The settings that depend on the host in use (kettle config ... --host):
// how git reaches a repository, and the OAuth2 application of a server. The
// others are decided where they are used (io.ts: colour and prompts; editor.ts,
// pager.ts, browser.ts; clients.ts: the timeout), all through one precedence
// (config/user-settings.ts resolveSetting).
import { hostOf } from '../api/url.js';
import type { IO } from '../io.js';

export type GitProtocol = 'https' | 'ssh';

/**
 * How git reaches the login's server: KETTLE_GIT_PROTOCOL, then the
 * git_protocol setting for its host, then the login's own (login add
 * --git-protocol), then the setting, then https.
 */
export function gitProtocolFor(io: IO, login: { root: string; gitProtocol?: GitProtocol | undefined }): GitProtocol {
  const host = hostOf(login.root);
  const value = io.settings?.get('git_protocol', { host, login: login.gitProtocol }) ?? login.gitProtocol;
  return value === 'ssh' ? 'ssh' : 'https';
}

/** The OAuth2 client id for a server: --client-id, then KETTLE_OAUTH_CLIENT_ID, then the host's oauth_client_id; undefined without one. */
export function oauthClientIdFor(io: IO, root: string, flag: string | undefined): string | undefined {
  const given = flag === undefined ? undefined : { value: flag, name: '--client-id' };
  return io.settings?.get('oauth_client_id', { host: hostOf(root), flag: given }) ?? flag;
}
