// kettle repo create: definition.
import { arg, bool, text, verb } from '../../../spec/spec.js';
import { TEMPLATE_ITEMS } from '../choices.js';

export const create = verb({
  name: 'create',
  summary: 'Create a repository for the logged-in user or an organization',
  args: { name: arg('<name>', 'the name of the new repository; ORG/NAME creates it in that organization') },
  flags: {
    org: text('--org <org>', 'create it in this organization'),
    description: text('-d, --description <text>', 'a short description'),
    private: bool('--private', 'only you (and collaborators) can see it'),
    init: bool('--init', 'create it with an initial commit (README)'),
    template: text('--template <owner/name>', 'create it from this template repository'),
    with: text('--with <items>', `what to copy from the template, comma-separated: ${TEMPLATE_ITEMS.join(', ')} (default: content)`),
  },
  output: true,
  examples: [
    'kettle repo create teapot',
    'kettle repo create notes --private --init --description "My notes"',
    'kettle repo create wonderland/menu          # in the organization wonderland',
    'kettle repo create menu --org wonderland',
    'kettle repo create cafe --template wonderland/shop-template --with content,labels,topics',
  ],
  load: () => import('../create.js'),
});
