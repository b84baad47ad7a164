// kettle api: the escape hatch for endpoints kettle has no command for.
import { InvalidArgumentError } from '../../spec/invalid.js';
import { repoFlag } from '../../spec/flags.js';
import { arg, bool, type Flag, list, text, type TopDef, verb } from '../../spec/spec.js';
import { HTTP_METHODS, type HttpMethod } from './choices.js';

// Any case will do (-X patch); the choices are what help and completion show.
const method: Flag<HttpMethod | undefined> = {
  spelling: '-X, --method <method>',
  description: 'the HTTP method (default GET, or POST when fields or --input are given)',
  initial: undefined,
  choices: HTTP_METHODS,
  parse: (value: string) => {
    const upper = value.toUpperCase();
    const found = HTTP_METHODS.find((m) => m === upper);
    if (!found) throw new InvalidArgumentError(`use one of ${HTTP_METHODS.join(', ')}`);
    return found;
  },
};

const apiVerb = verb({
  name: 'api',
  summary: 'Send any request to the API: the escape hatch for endpoints kettle has no command for',
  jq: true,
  args: { path: arg('<path>', 'the API path, such as /repos/{owner}/{repo}/issues; {owner} and {repo} come from -R or the git remote') },
  flags: {
    ...repoFlag,
    method,
    rawField: list('-f, --raw-field <key=value>', 'a string field; nested keys as a[b]=1, arrays as a[]=1 (repeatable)'),
    field: list('-F, --field <key=value>', 'a typed field: integers, true/false, null, @file contents, @- for standard input (repeatable)'),
    input: text('--input <file>', 'the request body from a file (- for standard input)'),
    header: list('-H, --header <header>', "an extra request header, 'Name: value' (repeatable)"),
    include: bool('-i, --include', 'print the status line and response headers too'),
    paginate: bool('--paginate', 'follow every page and print one JSON array'),
  },
  examples: [
    'kettle api /user',
    'kettle api /repos/{owner}/{repo}/issues -f state=closed --paginate',
    "kettle api /repos/{owner}/{repo}/issues --paginate --jq '.[].title'",
    'kettle api -X PATCH /repos/alice/teapot/issues/3 -f title="New title"',
    'kettle api /repos/alice/teapot/hooks -F active=true -f type=gitea -f config[url]=https://ci.example.com -f config[content_type]=json -f events[]=push',
    'kettle api /repos/alice/teapot/labels --input labels.json -X POST',
  ],
  load: () => import('./api.js'),
});

export const api = {
  section: 'Other:',
  verb: apiVerb,
} satisfies TopDef;

// For the verbs' options types (OptionsOf): erased from the bundle.
export type { apiVerb };
