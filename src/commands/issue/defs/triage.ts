// kettle issue pin / unpin / lock / unlock / subscribe / unsubscribe: definitions.
import { repoFlag } from '../../../spec/flags.js';
import { choice, verb } from '../../../spec/spec.js';
import { number } from './shared.js';

// The words of api/gitea/issues.ts LOCK_REASONS; a definition imports no API module.
const REASONS = ['off-topic', 'too-heated', 'resolved', 'spam'] as const;

export const pin = verb({
  name: 'pin',
  summary: 'Pin an issue to the top of the repository’s issue list',
  args: { number },
  flags: repoFlag,
  examples: ['kettle issue pin 3 -R alice/teapot', 'kettle issue pin https://git.example.com/alice/teapot/issues/3'],
  load: async () => ({ run: (await import('../triage.js')).runPin }),
});

export const unpin = verb({
  name: 'unpin',
  summary: 'Unpin an issue',
  args: { number },
  flags: repoFlag,
  examples: ['kettle issue unpin 3 -R alice/teapot'],
  load: async () => ({ run: (await import('../triage.js')).runUnpin }),
});

export const lock = verb({
  name: 'lock',
  summary: 'Lock an issue’s conversation to collaborators (Gitea 1.24 and later)',
  args: { number },
  flags: { ...repoFlag, reason: choice('--reason <reason>', 'why, as the issue page shows it', REASONS) },
  examples: ['kettle issue lock 3 -R alice/teapot', 'kettle issue lock 3 --reason too-heated'],
  load: async () => ({ run: (await import('../triage.js')).runLock }),
});

export const unlock = verb({
  name: 'unlock',
  summary: 'Unlock an issue’s conversation (Gitea 1.24 and later)',
  args: { number },
  flags: repoFlag,
  examples: ['kettle issue unlock 3 -R alice/teapot'],
  load: async () => ({ run: (await import('../triage.js')).runUnlock }),
});

export const subscribe = verb({
  name: 'subscribe',
  summary: 'Get notified of an issue’s activity',
  args: { number },
  flags: repoFlag,
  examples: ['kettle issue subscribe 3 -R alice/teapot'],
  load: async () => ({ run: (await import('../triage.js')).runSubscribe }),
});

export const unsubscribe = verb({
  name: 'unsubscribe',
  summary: 'Stop getting notified of an issue’s activity',
  args: { number },
  flags: repoFlag,
  examples: ['kettle issue unsubscribe 3 -R alice/teapot'],
  load: async () => ({ run: (await import('../triage.js')).runUnsubscribe }),
});
