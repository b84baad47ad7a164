// kettle login refresh: definition.
import { verb } from '../../../spec/spec.js';

export const refresh = verb({
  name: 'refresh',
  summary: "Renew a browser login's access token now, with its refresh token",
  examples: ['kettle login refresh', 'kettle login refresh --login work'],
  notes:
    '\nFor a login made with kettle login add --web. kettle renews such a token by itself before a request\nwhen it has expired or is about to, and after the server refuses it; this renews it at once. A refresh\ntoken the server refuses means logging in again (the command is said).\n',
  load: () => import('../refresh.js'),
});
