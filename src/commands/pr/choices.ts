// The value lists kettle pr's flags offer.

export const PR_SORTS = ['oldest', 'recentupdate', 'leastupdate', 'mostcomment', 'leastcomment', 'priority'] as const;

export const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only'] as const;
