// The filters kettle issue list --filter takes.

/**
 * `issue list --all-repos --filter` values: the keys of SEARCH_FILTERS in
 * src/api/gitea/issues.ts (the API spec documents only all for GET /issues;
 * the rest are what Gitea's search endpoint can narrow to). Listed here, not
 * imported, so start-up does not load the API layer; a unit test keeps the two equal.
 */
export const ISSUE_FILTERS = ['all', 'created', 'assigned', 'mentioned', 'review_requested', 'reviewed'] as const;
