// kettle pr comments: definition, with its subverbs reply, resolve and unresolve.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { arg, bool, optionalArg, verb } from '../../../spec/spec.js';

const commentId = arg('<comment-id>', "a line comment's id (as `kettle pr comments NUMBER` shows it) or its web URL");

export const reply = verb({
  name: 'reply',
  summary: 'Reply in the conversation of a line comment',
  args: { commentId },
  flags: { ...repoFlag, ...bodyFlags },
  output: true,
  examples: ['kettle pr comments reply 42 --body "Done in the last push"', 'kettle pr comments reply https://git.example.com/alice/teapot/pulls/7/files#issuecomment-42 -F reply.md'],
  notes: '\nGitea 1.27 and later, and Forgejo, take replies. With an id alone, kettle looks for the comment among the\n50 pull requests updated last; its web URL names the pull request.\n',
  load: async () => ({ run: (await import('../comments.js')).runReply }),
});

export const resolve = verb({
  name: 'resolve',
  summary: 'Mark the conversation of a line comment resolved (Gitea 1.26 and later)',
  args: { commentId },
  flags: { ...repoFlag },
  examples: ['kettle pr comments resolve 42 -R alice/teapot'],
  load: async () => ({ run: (await import('../comments.js')).runResolve }),
});

export const unresolve = verb({
  name: 'unresolve',
  summary: 'Mark the conversation of a line comment unresolved (Gitea 1.26 and later)',
  args: { commentId },
  flags: { ...repoFlag },
  examples: ['kettle pr comments unresolve 42 -R alice/teapot'],
  load: async () => ({ run: (await import('../comments.js')).runUnresolve }),
});

export const comments = verb({
  name: 'comments',
  summary: "List a pull request's line comments as conversations: file, line, state",
  args: { number: optionalArg('[number]', 'the pull request number or web URL (default: the one of the current branch)') },
  flags: { ...repoFlag, unresolved: bool('--unresolved', 'only the conversations not resolved') },
  output: true,
  examples: [
    'kettle pr comments 7 -R alice/teapot',
    'kettle pr comments 7 --unresolved',
    'kettle pr comments 7 --json --jq ".[] | {path, line, state}"',
    'kettle pr comments reply 42 --body "Done"',
    'kettle pr comments resolve 42',
  ],
  notes: `
Each row is a conversation: the line comments on one line of one file, the
first one's ID naming it. STATE is resolved, unresolved, or pending (in your
review not yet submitted); OUTDATED is yes when the line no longer reads in
the diff as it did when commented on.
`,
  subverbs: [reply, resolve, unresolve],
  load: () => import('../comments.js'),
});
