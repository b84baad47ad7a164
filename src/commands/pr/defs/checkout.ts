// kettle pr checkout: definition.
import { repoFlag } from '../../../spec/flags.js';
import { arg, bool, text, verb } from '../../../spec/spec.js';

export const checkout = verb({
  name: 'checkout',
  aliases: ['co'],
  summary: "Check out a pull request's head in the local clone",
  args: { number: arg('<number>', 'the pull request number or web URL') },
  flags: {
    ...repoFlag,
    branch: text('-b, --branch <name>', "the local branch (default: the head branch's name)"),
    force: bool('-f, --force', 'reset the local branch to the head even when it has diverged'),
  },
  examples: ['kettle pr checkout 7', 'kettle pr checkout 7 --branch review/lid', 'kettle pr checkout 7 --force'],
  load: () => import('../checkout.js'),
});
