// The value lists kettle hook's flags offer, for the definitions and the verbs alike.

/**
 * The types the servers' API descriptions list for a new hook
 * (CreateHookOption.type): Gitea 1.23's, and Forgejo 11's, which adds forgejo.
 * Another value is sent with a warning: a newer server may know it.
 */
export const HOOK_TYPES = ['gitea', 'forgejo', 'gogs', 'slack', 'discord', 'dingtalk', 'telegram', 'msteams', 'feishu', 'wechatwork', 'packagist'] as const;
export const CONTENT_TYPES = ['json', 'form'] as const;
