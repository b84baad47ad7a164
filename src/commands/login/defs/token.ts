// kettle login token: definition.
import { bool, verb } from '../../../spec/spec.js';

export const token = verb({
  name: 'token',
  summary: "Print the login's token on standard output, for scripts",
  flags: {
    show: bool('--show', 'print it even when standard output is a terminal'),
  },
  examples: ['kettle login token | docker login git.example.com -u alice --password-stdin', 'kettle login token --login work --show'],
  notes:
    '\nThe login is chosen as for any command: --login NAME, KETTLE_URL with KETTLE_TOKEN (then that token\nis printed), KETTLE_LOGIN, the default login. On a terminal it refuses (exit 2) without --show, so a\ntoken is not left on a screen by accident.\n',
  load: () => import('../token.js'),
});
