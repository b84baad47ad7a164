// kettle's run status words, the same on every server (--status takes them). Kept
// without imports: the definitions load it at start-up.
export const RUN_STATUS_WORDS = ['queued', 'waiting', 'in_progress', 'success', 'failure', 'cancelled', 'skipped'] as const;
