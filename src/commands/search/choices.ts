// The value lists kettle search's flags offer.

export const REPO_SORTS = ['stars', 'updated', 'created', 'alpha'] as const;

export const ISSUE_TYPES = ['issue', 'pr'] as const;
