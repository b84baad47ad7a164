// The value lists kettle repo's flags offer.

export const PERMISSIONS = ['read', 'write', 'admin'] as const;

export const SERVICES = ['git', 'github', 'gitlab', 'gitea', 'forgejo', 'gogs', 'onedev', 'gitbucket', 'codebase'] as const;

/** What --with may bring along besides the code. */
export const ITEMS = ['issues', 'labels', 'milestones', 'releases', 'pull-requests', 'wiki', 'lfs'] as const;

/** What repo create --template --with may copy: each is one field of the server's GenerateRepoOption. */
export const TEMPLATE_ITEMS = ['content', 'topics', 'labels', 'hooks', 'avatar', 'git-hooks'] as const;
