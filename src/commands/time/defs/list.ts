// kettle time list: definition.
import { listFlags, repoFlag } from '../../../spec/flags.js';
import { bool, optionalArg, text, verb } from '../../../spec/spec.js';

export const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the time tracked on an issue, or on the whole repository',
  args: { number: optionalArg('[number]', 'only this issue or pull request') },
  flags: {
    ...repoFlag,
    mine: bool('--mine', 'only your own entries'),
    since: text('--since <date>', 'only entries made at or after DATE (YYYY-MM-DD or ISO 8601)'),
    ...listFlags,
  },
  output: true,
  examples: ['kettle time list 3 -R alice/teapot', 'kettle time list --mine --since 2026-01-01', 'kettle time list 3 --json --jq "map(.time) | add"'],
  notes: '\nWithout write access to the issues, the server shows only your own entries.\n',
  load: async () => ({ run: (await import('../list.js')).runList }),
});
