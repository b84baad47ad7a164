// kettle completion SHELL: a shell completion script generated from the command tree.
import { arg, type TopDef, verb } from '../../spec/spec.js';

const completionVerb = verb({
  name: 'completion',
  summary: 'Print a shell completion script (bash, zsh, fish, powershell)',
  args: { shell: arg('<shell>', 'bash, zsh, fish or powershell') },
  examples: [
    'kettle completion bash > ~/.local/share/bash-completion/completions/kettle',
    'kettle completion zsh > "${fpath[1]}/_kettle"',
    'kettle completion fish > ~/.config/fish/completions/kettle.fish',
  ],
  load: () => import('./completion.js'),
});

export const completion = {
  section: 'Other:',
  verb: completionVerb,
} satisfies TopDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { completionVerb };
