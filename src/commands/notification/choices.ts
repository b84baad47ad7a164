// The subject types kettle notification list --type takes.

export const SUBJECT_TYPES = ['issue', 'pull', 'commit', 'repository'] as const;
