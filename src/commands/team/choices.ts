// The units a team grants and the permissions it takes, as the servers name
// them (models/unit: repo.code, repo.issues…; the same list at Gitea 1.23.8
// to 1.27.0 and Forgejo 11.0.1 to 15.0.3).
export const UNITS = ['code', 'issues', 'pulls', 'releases', 'wiki', 'actions', 'packages', 'projects', 'ext_issues', 'ext_wiki'] as const;
export const PERMISSIONS = ['read', 'write', 'admin'] as const;
