// The command tree: specs only. Each verb's module is imported when that verb
// runs, so start-up costs commander and this file, nothing more.
import { Command, InvalidArgumentError, Option } from 'commander';
import { Context, type GlobalFlags } from './context/context.js';
import { createIO, type StreamsLike, truthyEnv } from './context/io.js';
import { parseTimeout } from './config/settings.js';
import { ApiError, UsageError } from './errors.js';
import { findCommand, finishGroups, formatHelp } from './help.js';
import { parseFieldList } from './output/fields.js';

export type Opts = Record<string, unknown>;
export type Verb = (ctx: Context, args: string[], opts: Opts) => Promise<void>;
type Loader = () => Promise<{ run: Verb }>;

export interface Session {
  streams: StreamsLike;
  version: string;
  /** Receives the context of the verb that runs, so main can dispose of it. */
  onContext: (ctx: Context) => void;
}

export function positiveInt(flag: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`${flag} takes a whole number of 1 or more, not "${value}"`);
    }
    return Number(value);
  };
}

function timeoutOption(value: string): number {
  try {
    return parseTimeout(value, '--timeout');
  } catch (err) {
    throw new InvalidArgumentError(err instanceof UsageError ? err.message : String(err));
  }
}

export function globalFlags(opts: Opts, env: NodeJS.ProcessEnv): GlobalFlags {
  return {
    login: typeof opts.login === 'string' ? opts.login : undefined,
    debug: opts.debug === true || truthyEnv(env.KETTLE_DEBUG),
    json: opts.json === true,
    fields: typeof opts.fields === 'string' ? parseFieldList(opts.fields) : undefined,
    timeoutMs: typeof opts.timeout === 'number' ? opts.timeout : undefined,
  };
}

/** What an operand is, shown under "Arguments:"; looked up as "NOUN NAME", then "NAME". */
const ARGUMENT_HELP: Record<string, string> = {
  'login name': 'the name of a stored login (see kettle login list)',
  'repo name': 'the name of the new repository',
  'org name': 'the name of the new organization',
  'issue number': 'the issue number, such as 3 or #3',
  'pr number': 'the pull request number, such as 7 or #7',
  'owner/name': 'the repository, such as alice/teapot',
  username: 'the user name, such as alice',
  org: 'the organization name, such as wonderland',
  path: 'the API path, such as /repos/{owner}/{repo}/issues; {owner} and {repo} come from -R or the git remote',
  shell: 'bash, zsh, fish or powershell',
};

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The top-level commands under their resource in the overview of `kettle`; the rest go under "Other". */
const SECTIONS: Record<string, string> = {
  login: 'Logins:',
  whoami: 'Logins:',
  user: 'Users:',
  repo: 'Repositories:',
  issue: 'Issues:',
  pr: 'Pull requests:',
  org: 'Organizations:',
  hook: 'Webhooks:',
};

function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

/** Add a verb: description, arguments, examples, and the module that runs it. */
function verb(
  parent: Command,
  session: Session,
  spec: { name: string; summary: string; args?: string[]; examples: string[]; output?: boolean; aliases?: string[] },
  load: Loader,
): Command {
  const cmd = parent.command(spec.name).description(spec.summary);
  for (const alias of spec.aliases ?? []) cmd.alias(alias);
  for (const arg of spec.args ?? []) {
    const name = arg.replace(/[<>[\].]/g, '');
    cmd.argument(arg, ARGUMENT_HELP[`${parent.name()} ${name}`] ?? ARGUMENT_HELP[name] ?? '');
  }
  if (spec.output) {
    cmd.option('--json', 'print JSON: the server\'s records as returned');
    cmd.option('--fields <list>', 'with --json: keys to keep (dotted paths such as user.login); otherwise the columns to show');
  }
  cmd.addHelpText('after', examples(spec.examples));
  cmd.action(async (...received: unknown[]) => {
    const command = received[received.length - 1] as Command;
    const args = received.slice(0, command.registeredArguments.length).map((a) => (a === undefined ? '' : String(a)));
    const opts = command.optsWithGlobals() as Opts;
    const io = createIO(session.streams, opts.color === false);
    const ctx = new Context(io, globalFlags(opts, session.streams.env), session.version);
    session.onContext(ctx);
    const { run } = await load();
    try {
      await run(ctx, args, opts);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401 && ctx.resolved) {
        throw err.withMessage(`authentication failed: ${err.message}`, ctx.authHint(ctx.resolved));
      }
      throw err;
    }
  });
  return cmd;
}

function repoOption(cmd: Command): Command {
  return cmd.option('-R, --repo <owner/name>', 'the repository (default: from the git remote of the current directory)');
}

function listOptions(cmd: Command, page = true): Command {
  cmd.option('-L, --limit <n>', 'how many records to show (default 30)', positiveInt('--limit'));
  cmd.option('--all', 'fetch every page');
  if (page) cmd.option('--page <n>', 'show only page N, of --limit records a page', positiveInt('--page'));
  return cmd;
}

function bodyOptions(cmd: Command): Command {
  return cmd
    .option('-b, --body <text>', 'the body text')
    .option('-F, --body-file <file>', 'read the body from a file (- for standard input)');
}

const STATE = () => new Option('-s, --state <state>', 'which to show').choices(['open', 'closed', 'all']).default('open');

function group(parent: Command, name: string, summary: string, exampleLines: string[]): Command {
  return parent.command(name).description(summary).addHelpText('after', examples(exampleLines));
}

export function buildProgram(session: Session): Command {
  const program = new Command('kettle');
  program
    .description('Work with a Gitea-family code-hosting service from the command line.')
    .version(session.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .option('--login <name>', 'use this stored login instead of the default one')
    .option('--debug', 'trace each HTTP request to stderr (credentials redacted); also KETTLE_DEBUG=1')
    .option('--no-color', 'no colour in output; also NO_COLOR')
    .option('--timeout <seconds>', 'give up on a request after this many seconds (default 30); also KETTLE_TIMEOUT', timeoutOption)
    .showSuggestionAfterError(true)
    .configureHelp({ formatHelp, showGlobalOptions: true })
    .exitOverride()
    .configureOutput({
      writeOut: (s) => session.streams.stdout.write(s),
      writeErr: (s) => session.streams.stderr.write(s),
      outputError: (s, write) => write(`kettle: ${s.replace(/^error: /, '')}`),
    })
    .addHelpText(
      'after',
      `
Environment:
  KETTLE_URL, KETTLE_TOKEN  use this server and token, ignoring stored logins (CI)
  KETTLE_LOGIN              name of the stored login to use
  KETTLE_CONFIG_DIR         folder of the config file
  KETTLE_DEBUG=1            same as --debug
  KETTLE_TIMEOUT            seconds before a request is given up (default 30)
  HTTPS_PROXY, NO_PROXY     send requests through a proxy, except to these hosts
  NO_COLOR, FORCE_COLOR     turn colour off or on
${examples(['kettle login add --url https://git.example.com --with-token < token.txt', 'kettle whoami', 'kettle issue list -R alice/teapot', 'kettle help issue list'])}
Run 'kettle help COMMAND...' or 'kettle COMMAND... --help' for a command's options and examples.
`,
    );

  // login
  const login = group(program, 'login', 'Add, list, choose and remove stored logins', [
    'kettle login add --url https://git.example.com --token TOKEN',
    'kettle login list',
  ]);
  verb(
    login,
    session,
    {
      name: 'add',
      summary: 'Check credentials against a server and store them as a login',
      examples: [
        'kettle login add --url https://git.example.com --with-token < token.txt',
        'kettle login add --url https://example.com/forge --name work --token "$TOKEN"',
        'kettle login add --url https://git.example.com --user alice   # asks for the password',
        'kettle login add --url http://127.0.0.1:3000 --token "$TOKEN" --auth query',
        'kettle login add --url https://127.0.0.1:3443 --name test --token "$TOKEN" --insecure',
      ],
    },
    () => import('./commands/login/add.js'),
  )
    .option('--url <url>', 'server URL: instance root, sub-path deployment, or API root ending in /api/v1')
    .option('--name <name>', 'name for the login (default: the server\'s host)')
    .option('--token <token>', 'access token (prefer --with-token: the command line is visible to other users)')
    .option('--with-token', 'read the access token from standard input')
    .option('--user <user>', 'user name, for HTTP Basic or to mint a token')
    .option('--password <password>', 'password for --user (asked for, hidden, when missing on a terminal)')
    .addOption(new Option('--auth <method>', 'how requests carry the credential').choices(['header', 'query', 'basic']))
    .option('--insecure', 'skip TLS certificate checks for this login (self-signed test servers only; prefer NODE_EXTRA_CA_CERTS)');
  verb(
    login,
    session,
    { name: 'list', summary: 'List stored logins (never their secrets)', examples: ['kettle login list', 'kettle login list --json'], output: true, aliases: ['ls'] },
    () => import('./commands/login/list.js'),
  );
  verb(
    login,
    session,
    { name: 'default', summary: 'Make a stored login the default one', args: ['<name>'], examples: ['kettle login default work'] },
    () => import('./commands/login/default.js'),
  );
  verb(
    login,
    session,
    { name: 'delete', summary: 'Remove a stored login', args: ['<name>'], examples: ['kettle login delete work'], aliases: ['rm'] },
    () => import('./commands/login/delete.js'),
  );

  verb(
    program,
    session,
    {
      name: 'whoami',
      summary: 'Show the user the current credentials belong to',
      examples: ['kettle whoami', 'kettle whoami --login work', 'kettle whoami --json --fields login,email'],
      output: true,
    },
    () => import('./commands/whoami.js'),
  );

  const user = group(program, 'user', 'Look up users', ['kettle user view alice']);
  verb(
    user,
    session,
    { name: 'view', summary: 'Show a user', args: ['<username>'], examples: ['kettle user view alice', 'kettle user view alice --json'], output: true },
    () => import('./commands/user/view.js'),
  );

  addResourceCommands(program, session);

  repoOption(
    verb(
      program,
      session,
      {
        name: 'api',
        summary: 'Send any request to the API: the escape hatch for endpoints kettle has no command for',
        args: ['<path>'],
        examples: [
          'kettle api /user',
          'kettle api /repos/{owner}/{repo}/issues -f state=closed --paginate',
          'kettle api -X PATCH /repos/alice/teapot/issues/3 -f title="New title"',
          'kettle api /repos/alice/teapot/hooks -F active=true -f type=gitea -f config[url]=https://ci.example.com -f config[content_type]=json -f events[]=push',
          'kettle api /repos/alice/teapot/labels --input labels.json -X POST',
        ],
      },
      () => import('./commands/api.js'),
    )
      .addOption(
        new Option('-X, --method <method>', 'the HTTP method (default GET, or POST when fields or --input are given)')
          .choices(HTTP_METHODS)
          // Any case will do (-X patch); the choices are what help and completion show.
          .argParser((value: string) => {
            const method = value.toUpperCase();
            if (!HTTP_METHODS.includes(method)) throw new InvalidArgumentError(`use one of ${HTTP_METHODS.join(', ')}`);
            return method;
          }),
      )
      .option('-f, --raw-field <key=value>', 'a string field; nested keys as a[b]=1, arrays as a[]=1 (repeatable)', collect)
      .option('-F, --field <key=value>', 'a typed field: integers, true/false, null, @file contents, @- for standard input (repeatable)', collect)
      .option('--input <file>', 'the request body from a file (- for standard input)')
      .option('-H, --header <header>', "an extra request header, 'Name: value' (repeatable)", collect)
      .option('-i, --include', 'print the status line and response headers too')
      .option('--paginate', 'follow every page and print one JSON array'),
  );

  verb(
    program,
    session,
    {
      name: 'completion',
      summary: 'Print a shell completion script (bash, zsh, fish, powershell)',
      args: ['<shell>'],
      examples: [
        'kettle completion bash > ~/.local/share/bash-completion/completions/kettle',
        'kettle completion zsh > "${fpath[1]}/_kettle"',
        'kettle completion fish > ~/.config/fish/completions/kettle.fish',
      ],
    },
    () => import('./commands/completion.js'),
  );

  program
    .command('help')
    .description('Show the help of a command: its arguments, options and examples')
    .argument('[command...]', 'the command, such as: issue list (none: the overview of every command)')
    .addHelpText('after', examples(['kettle help issue list', 'kettle help api', 'kettle help']))
    .action((words: string[]) => findCommand(program, words).outputHelp());
  for (const cmd of program.commands) cmd.helpGroup(SECTIONS[cmd.name()] ?? 'Other:');
  finishGroups(program);
  return program;
}

function addResourceCommands(program: Command, session: Session): void {
  // repo
  const repo = group(program, 'repo', 'List, view, create and delete repositories', ['kettle repo list', 'kettle repo view alice/teapot']);
  listOptions(
    verb(
      repo,
      session,
      {
        name: 'list',
        summary: 'List your repositories, or another user\'s',
        examples: ['kettle repo list', 'kettle repo list --user bob --all', 'kettle repo list --json --fields full_name,private'],
        output: true,
        aliases: ['ls'],
      },
      () => import('./commands/repo/list.js'),
    ).option('-u, --user <username>', 'list this user\'s repositories instead of your own'),
  );
  repoOption(
    verb(
      repo,
      session,
      {
        name: 'view',
        summary: 'Show a repository',
        args: ['[owner/name]'],
        examples: ['kettle repo view alice/teapot', 'kettle repo view            # the repository of the current git remote', 'kettle repo view alice/teapot --json --fields html_url'],
        output: true,
      },
      () => import('./commands/repo/view.js'),
    ),
  );
  verb(
    repo,
    session,
    {
      name: 'create',
      summary: 'Create a repository for the logged-in user',
      args: ['<name>'],
      examples: ['kettle repo create teapot', 'kettle repo create notes --private --init --description "My notes"'],
      output: true,
    },
    () => import('./commands/repo/create.js'),
  )
    .option('-d, --description <text>', 'a short description')
    .option('--private', 'only you (and collaborators) can see it')
    .option('--init', 'create it with an initial commit (README)');
  verb(
    repo,
    session,
    {
      name: 'delete',
      summary: 'Delete a repository (asks you to type its name)',
      args: ['<owner/name>'],
      examples: ['kettle repo delete alice/old-project', 'kettle repo delete alice/old-project --yes   # in scripts: no question'],
    },
    () => import('./commands/repo/delete.js'),
  ).option('-y, --yes', 'do not ask for confirmation (required without a terminal)');

  // issue
  const issue = group(program, 'issue', 'List, view, create, edit, close and reopen issues', ['kettle issue list -R alice/teapot', 'kettle issue view 3']);
  listOptions(
    repoOption(
      verb(
        issue,
        session,
        {
          name: 'list',
          summary: 'List the issues of a repository, or across repositories with --all-repos',
          examples: [
            'kettle issue list -R alice/teapot',
            'kettle issue list --state closed --limit 100',
            'kettle issue list --all-repos --filter created --state all',
            'kettle issue list --all --json --fields number,title,user.login',
          ],
          output: true,
          aliases: ['ls'],
        },
        () => import('./commands/issue/list.js'),
      ),
    )
      .addOption(STATE())
      .option('--all-repos', 'issues across every repository you can see')
      .option('--filter <value>', 'with --all-repos: which issues (default all)'),
  );
  repoOption(
    verb(
      issue,
      session,
      { name: 'view', summary: 'Show an issue', args: ['<number>'], examples: ['kettle issue view 3 -R alice/teapot', 'kettle issue view 3 --json'], output: true },
      () => import('./commands/issue/view.js'),
    ),
  );
  bodyOptions(
    repoOption(
      verb(
        issue,
        session,
        {
          name: 'create',
          summary: 'Open an issue',
          examples: [
            'kettle issue create -R alice/teapot --title "Lid rattles" --body "It rattles when the water boils."',
            'kettle issue create --title "Spout drips" --body-file notes.md --label 1,3 --assignee bob',
            'echo "Found in 1.2" | kettle issue create --title "Handle too hot" --body-file -',
          ],
          output: true,
        },
        () => import('./commands/issue/create.js'),
      ).option('-t, --title <text>', 'the title (asked for on a terminal when missing)'),
    ),
  )
    .option('-l, --label <id>', 'a label id; repeat it or separate ids with commas', collect)
    .option('-a, --assignee <username>', 'assign the issue to this user');
  bodyOptions(
    repoOption(
      verb(
        issue,
        session,
        {
          name: 'edit',
          summary: 'Change the title or body of an issue',
          args: ['<number>'],
          examples: ['kettle issue edit 3 --title "Lid rattles at full boil"', 'kettle issue edit 3 --body-file - < body.md'],
          output: true,
        },
        () => import('./commands/issue/edit.js'),
      ).option('-t, --title <text>', 'the new title'),
    ),
  );
  for (const [name, summary] of [
    ['close', 'Close an issue'],
    ['reopen', 'Reopen a closed issue'],
  ] as const) {
    repoOption(
      verb(
        issue,
        session,
        { name, summary, args: ['<number>'], examples: [`kettle issue ${name} 3 -R alice/teapot`, `kettle issue ${name} 3 --json`], output: true },
        () => import('./commands/issue/state.js').then((m) => ({ run: name === 'close' ? m.close : m.reopen })),
      ),
    );
  }

  // pr
  const pr = group(program, 'pr', 'List, create and merge pull requests', ['kettle pr list -R alice/teapot', 'kettle pr merge 7 --style squash']);
  listOptions(
    repoOption(
      verb(
        pr,
        session,
        {
          name: 'list',
          summary: 'List the pull requests of a repository',
          examples: ['kettle pr list -R alice/teapot', 'kettle pr list --state all --json --fields number,title,head.ref'],
          output: true,
          aliases: ['ls'],
        },
        () => import('./commands/pr/list.js'),
      ),
    ).addOption(STATE()),
  );
  bodyOptions(
    repoOption(
      verb(
        pr,
        session,
        {
          name: 'create',
          summary: 'Open a pull request',
          examples: [
            'kettle pr create --title "Quieter lid" --head feature/lid --base main',
            'kettle pr create -R alice/teapot --title "Fix spout" --head fix/spout --base main --body-file notes.md',
          ],
          output: true,
        },
        () => import('./commands/pr/create.js'),
      )
        .option('-t, --title <text>', 'the title (asked for on a terminal when missing)')
        .option('-H, --head <branch>', 'the branch with the changes')
        .option('-B, --base <branch>', 'the branch to merge into'),
    ),
  );
  repoOption(
    verb(
      pr,
      session,
      {
        name: 'merge',
        summary: 'Merge a pull request',
        args: ['<number>'],
        examples: ['kettle pr merge 7', 'kettle pr merge 7 --style squash --message "Quieter lid (#7)"'],
        output: true,
      },
      () => import('./commands/pr/merge.js'),
    ),
  )
    .addOption(
      new Option('--style <style>', 'how to merge')
        .choices(['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only'])
        .default('merge'),
    )
    .option('-m, --message <text>', 'the merge commit message');

  // org
  const org = group(program, 'org', 'List, view and create organizations', ['kettle org list', 'kettle org view wonderland']);
  listOptions(
    verb(
      org,
      session,
      { name: 'list', summary: 'List your organizations', examples: ['kettle org list', 'kettle org list --json'], output: true, aliases: ['ls'] },
      () => import('./commands/org/list.js'),
    ),
  );
  verb(
    org,
    session,
    { name: 'view', summary: 'Show an organization', args: ['<org>'], examples: ['kettle org view wonderland', 'kettle org view wonderland --json'], output: true },
    () => import('./commands/org/view.js'),
  );
  verb(
    org,
    session,
    {
      name: 'create',
      summary: 'Create an organization',
      args: ['<name>'],
      examples: ['kettle org create wonderland', 'kettle org create wonderland --full-name "Wonderland Tea Co."'],
      output: true,
    },
    () => import('./commands/org/create.js'),
  ).option('--full-name <text>', 'the display name');

  // hook
  const hook = group(program, 'hook', 'List and add repository webhooks', ['kettle hook list -R alice/teapot']);
  listOptions(
    repoOption(
      verb(
        hook,
        session,
        { name: 'list', summary: 'List the webhooks of a repository', examples: ['kettle hook list -R alice/teapot', 'kettle hook list --json'], output: true, aliases: ['ls'] },
        () => import('./commands/hook/list.js'),
      ),
    ),
    false,
  );
  repoOption(
    verb(
      hook,
      session,
      {
        name: 'add',
        summary: 'Add a webhook to a repository',
        examples: [
          'kettle hook add -R alice/teapot --url https://ci.example.com/hook --events push,issues',
          'kettle hook add --url https://ci.example.com/hook --secret-file - < secret.txt',
          'kettle hook add --url https://chat.example.com/hook --type slack --inactive',
        ],
        output: true,
      },
      () => import('./commands/hook/add.js'),
    ),
  )
    .option('--url <url>', 'the address that receives deliveries (http or https)')
    .option('-e, --events <list>', 'comma-separated events (default push)', 'push')
    .addOption(new Option('--content-type <type>', 'payload encoding').choices(['json', 'form']).default('json'))
    .option('--secret <secret>', 'the signing secret (prefer --secret-file: the command line is visible to other users)')
    .option('--secret-file <file>', 'read the signing secret from a file (- for standard input)')
    .addOption(
      new Option('--type <type>', 'the hook type')
        // The types Gitea's API accepts on creation (its web UI knows a few more).
        .choices(['gitea', 'gogs', 'slack', 'discord', 'dingtalk', 'telegram', 'msteams', 'feishu', 'wechatwork', 'packagist'])
        .default('gitea'),
    )
    .option('--inactive', 'create the hook switched off');
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
