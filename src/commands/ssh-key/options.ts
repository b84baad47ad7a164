// What the ssh-key verbs' options share: a repository's deploy keys instead of the account's.

export type DeployRepo = { repo: string | undefined };
