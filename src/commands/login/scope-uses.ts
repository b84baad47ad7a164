// The token scopes kettle's commands need, command group by command group:
// what `login add --user` mints, and what `login scopes` shows.

/**
 * Each scope category, the level kettle needs and the command groups that
 * need it (routers/api/v1/api.go, tokenRequiresScopes, per route group).
 * Without write:notification a real Gitea or Forgejo answers every
 * notification request 403 (seen on Gitea 1.23.8 and 1.27.0, Forgejo 11.0.1).
 */
export const SCOPE_USES = [
  { scope: 'write:repository', groups: ['repo', 'branch', 'tag', 'pr', 'release', 'run', 'workflow', 'hook', 'secret', 'variable', 'search repos', 'status'] },
  { scope: 'write:issue', groups: ['issue', 'pr', 'label', 'milestone', 'search issues', 'status'] },
  { scope: 'write:organization', groups: ['org', 'repo create --org', 'secret --org', 'variable --org'] },
  { scope: 'write:user', groups: ['whoami', 'user', 'ssh-key', 'gpg-key', 'secret --user', 'variable --user', 'status'] },
  { scope: 'write:notification', groups: ['notification', 'status'] },
  { scope: 'write:package', groups: ['api /packages'] },
  { scope: 'write:misc', groups: ['api (markdown, templates, licences)'] },
  { scope: 'write:admin', groups: ['admin'] },
] as const;

/** The scopes a token minted by `login add --user` carries: every one kettle's commands need. */
export const TOKEN_SCOPES: readonly string[] = SCOPE_USES.map((u) => u.scope);
