// The token scopes kettle's commands need, command group by command group:
// what `login add --user` mints, and what `login scopes` shows.

/**
 * Each scope category, the level kettle needs and the command groups that
 * need it (routers/api/v1/api.go, tokenRequiresScopes, per route group).
 * Without write:notification a real Gitea or Forgejo answers every
 * notification request 403 (seen on Gitea 1.23.8 and 1.27.0, Forgejo 11.0.1).
 */
export const SCOPE_USES = [
  { scope: 'write:repository', groups: ['repo', 'pr', 'release', 'branch', 'tag', 'hook', 'label', 'run', 'workflow', 'secret', 'variable', 'runner', 'status', 'wiki', 'time'] },
  { scope: 'write:issue', groups: ['issue', 'pr', 'label', 'milestone', 'time', 'search'] },
  { scope: 'write:organization', groups: ['org', 'team', 'runner', 'secret', 'variable'] },
  { scope: 'write:user', groups: ['whoami', 'user', 'ssh-key', 'gpg-key', 'repo', 'runner', 'secret', 'variable'] },
  { scope: 'write:notification', groups: ['notification', 'status'] },
  { scope: 'write:package', groups: ['package'] },
  { scope: 'write:misc', groups: ['api (markdown, licences, gitignore templates)'] },
  { scope: 'write:admin', groups: ['admin', 'runner --global', 'repo migrate (as another user)'] },
] as const;

/** The scopes a token minted by `login add --user` carries: every one kettle's commands need. */
export const TOKEN_SCOPES: readonly string[] = SCOPE_USES.map((u) => u.scope);
