// kettle hook: list and add repository webhooks.
import { type RepoFlag, repoFlag, windowFlags } from '../../cli/flags.js';
import { bool, choice, type GroupDef, openChoice, text, textWithDefault, verb } from '../../cli/spec.js';

/**
 * The types the servers' API descriptions list for a new hook
 * (CreateHookOption.type): Gitea 1.23's, and Forgejo 11's, which adds forgejo.
 * Another value is sent with a warning: a newer server may know it.
 */
export const HOOK_TYPES = ['gitea', 'forgejo', 'gogs', 'slack', 'discord', 'dingtalk', 'telegram', 'msteams', 'feishu', 'wechatwork', 'packagist'] as const;

export interface ListOptions extends RepoFlag {
  limit: number | undefined;
  all: boolean;
}
export interface AddOptions extends RepoFlag {
  url: string | undefined;
  events: string;
  contentType: 'json' | 'form';
  secret: string | undefined;
  secretFile: string | undefined;
  type: string;
  inactive: boolean;
}

export const hook: GroupDef = {
  name: 'hook',
  summary: 'List and add repository webhooks',
  section: 'Webhooks:',
  examples: ['kettle hook list -R alice/teapot'],
  verbs: [
    verb({
      name: 'list',
      aliases: ['ls'],
      summary: 'List the webhooks of a repository',
      flags: { ...repoFlag, ...windowFlags },
      output: true,
      examples: ['kettle hook list -R alice/teapot', 'kettle hook list --json'],
      load: () => import('./list.js'),
    }),
    verb({
      name: 'add',
      summary: 'Add a webhook to a repository',
      flags: {
        ...repoFlag,
        url: text('--url <url>', 'the address that receives deliveries (http or https)'),
        events: textWithDefault('-e, --events <list>', 'comma-separated events', 'push'),
        contentType: choice('--content-type <type>', 'payload encoding', ['json', 'form'], 'json'),
        secret: text('--secret <secret>', 'the signing secret (prefer --secret-file: the command line is visible to other users)'),
        secretFile: text('--secret-file <file>', 'read the signing secret from a file (- for standard input)'),
        type: openChoice('--type <type>', 'the hook type (forgejo on Forgejo servers; another value is sent with a warning)', HOOK_TYPES, 'gitea'),
        inactive: bool('--inactive', 'create the hook switched off'),
      },
      output: true,
      examples: [
        'kettle hook add -R alice/teapot --url https://ci.example.com/hook --events push,issues',
        'kettle hook add --url https://ci.example.com/hook --secret-file - < secret.txt',
        'kettle hook add --url https://chat.example.com/hook --type slack --inactive',
      ],
      load: () => import('./add.js'),
    }),
  ],
};
