// kettle pr review: definition, with its subverbs submit and discard.
import { bodyFlags, repoFlag } from '../../../spec/flags.js';
import { arg, bool, placedList, text, verb } from '../../../spec/spec.js';

const number = arg('<number>', 'the pull request number or web URL');

const verdicts = {
  approve: bool('-a, --approve', 'approve it'),
  requestChanges: bool('-r, --request-changes', 'request changes (needs a body)'),
  comment: bool('-c, --comment', 'comment without a verdict (needs a body or line comments)'),
};

export const submit = verb({
  name: 'submit',
  summary: 'Submit your pending review of a pull request with a verdict',
  args: { number },
  flags: { ...repoFlag, ...verdicts, ...bodyFlags },
  output: true,
  examples: ['kettle pr review submit 7 --approve', 'kettle pr review submit 7 --request-changes --body "See the comments on the lid"', 'kettle pr review submit 7 --comment'],
  notes: '\nWithout --body, the body given when the review was started is kept.\n',
  load: async () => ({ run: (await import('../review-pending.js')).runSubmit }),
});

export const discard = verb({
  name: 'discard',
  summary: 'Discard your pending review of a pull request, with its line comments',
  args: { number },
  flags: { ...repoFlag },
  examples: ['kettle pr review discard 7 -R alice/teapot'],
  load: async () => ({ run: (await import('../review-pending.js')).runDiscard }),
});

export const review = verb({
  name: 'review',
  summary: 'Approve a pull request, request changes, or comment on it and on lines of its diff',
  args: { number },
  flags: {
    ...repoFlag,
    ...verdicts,
    body: placedList('-b, --body <text>', "the review's body; after a --comment-on, that comment's text"),
    bodyFile: text('-F, --body-file <file>', "read the review's body from a file (- for standard input; at most 4 MiB)"),
    commentOn: placedList('--comment-on <file:line>', 'comment on lines of the diff: FILE:LINE, FILE:LINE-LINE, with :old for the old side; the --body after it is the text (repeatable)'),
  },
  output: true,
  examples: [
    'kettle pr review 7 --approve',
    'kettle pr review 7 --request-changes --body "The lid still rattles"',
    'kettle pr review 7 --comment -F notes.md',
    'kettle pr review 7 --comment-on lid.txt:12 --body "Felt here?" --comment-on lid.txt:3-5:old --body "Why drop these?" --comment',
    'kettle pr review 7 --body "Summary" --comment-on lid.txt:12 --body "Felt here?" --request-changes',
    'kettle pr review 7 --comment-on lid.txt:12 --body "Felt here?"      # pending: add more, then submit',
    'kettle pr review submit 7 --approve',
  ],
  notes: `
Line comments: each --comment-on takes the --body that follows it; a --body
before the first --comment-on (or --body-file) is the review's own body.
Without --approve, --request-changes or --comment the review stays pending,
seen only by you: more runs add to it, \`kettle pr review submit NUMBER\` sends
it, \`kettle pr review discard NUMBER\` drops it. A line must be part of the
diff (an added, removed or unchanged line it shows); a line that is not is
refused before anything is sent, naming the nearest lines that are. The
servers anchor a comment on one line: a range is placed on its last line,
whose excerpt shows the lines above it.
`,
  subverbs: [submit, discard],
  load: () => import('../review.js'),
});
