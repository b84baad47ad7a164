// kettle config: list, get, set and unset the settings that make kettle one's
// own (editor, pager, browser, prompt, git_protocol, color, http_timeout,
// oauth_client_id), for every host or for one.
import { SETTING_KEYS, SETTINGS } from '../../config/user-settings.js';
import { arg, type GroupDef, text, verb } from '../../spec/spec.js';

const hostFlag = { host: text('--host <host>', 'the setting for this host (a name such as git.example.com, or its address)') };
const key = arg('<key>', 'the setting', SETTING_KEYS);

/** Words wrapped to the help's 80 columns, under a hanging indent. */
function wrap(text: string, indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent + line.length + 1 + word.length > 80) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** Every setting, its default and what beats it: the group's help. */
function settingsHelp(): string {
  const lines = SETTING_KEYS.map((k) => {
    const spec = SETTINGS[k];
    const host = spec.perHost === 'only' ? ' (per host only)' : spec.perHost === 'yes' ? ' (per host too)' : '';
    const takes = spec.values ? `${spec.values.join('|')}; ` : '';
    const beaten = [spec.flag, ...spec.envNames].filter(Boolean).join(', ');
    return [`  ${k.padEnd(17)}${wrap(spec.description + host, 19)}`, `${' '.repeat(19)}${wrap(`${takes}default: ${spec.defaultText}; beaten by: ${beaten}`, 19)}`].join('\n');
  });
  return `
Settings:
${lines.join('\n')}

A value comes from, first to last: a flag, an environment variable, the
setting for the host in use (--host), the setting, the default.
`;
}

const list = verb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List every setting: its value and where that value comes from',
  flags: { ...hostFlag },
  output: true,
  examples: ['kettle config list', 'kettle config list --host git.example.com', 'kettle config list --json'],
  load: () => import('./list.js'),
});

const get = verb({
  name: 'get',
  summary: "Print a setting's value (nothing when it has none)",
  args: { key },
  flags: { ...hostFlag },
  examples: ['kettle config get editor', 'kettle config get git_protocol --host git.example.com'],
  load: () => import('./get.js'),
});

const set = verb({
  name: 'set',
  summary: 'Set a setting, for every host or for one',
  args: { key, value: arg('<value>', 'its value') },
  flags: { ...hostFlag },
  examples: ['kettle config set editor "code --wait"', 'kettle config set git_protocol ssh --host git.example.com', 'kettle config set oauth_client_id 0f8c… --host git.example.com'],
  load: () => import('./set.js'),
});

const unset = verb({
  name: 'unset',
  summary: 'Remove a setting, so its default (or the setting for all hosts) applies again',
  args: { key },
  flags: { ...hostFlag },
  examples: ['kettle config unset pager', 'kettle config unset git_protocol --host git.example.com'],
  load: () => import('./unset.js'),
});

export const config = {
  name: 'config',
  summary: 'List, get, set and unset settings (editor, pager, color, git_protocol…)',
  section: 'Other:',
  examples: ['kettle config set git_protocol ssh', 'kettle config list'],
  notes: settingsHelp(),
  verbs: [list, get, set, unset],
} satisfies GroupDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { get, list, set, unset };
