// The command tree: specs only. Each verb's module is imported when that verb
// runs, so start-up costs commander and this file, nothing more.
import { Command, InvalidArgumentError, Option } from 'commander';
import { Context, type GlobalFlags } from './context/context.js';
import { createIO, type StreamsLike } from './context/io.js';
import { ApiError } from './errors.js';
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

function truthyEnv(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export function globalFlags(opts: Opts, env: NodeJS.ProcessEnv): GlobalFlags {
  return {
    login: typeof opts.login === 'string' ? opts.login : undefined,
    debug: opts.debug === true || truthyEnv(env.KETTLE_DEBUG),
    json: opts.json === true,
    fields: typeof opts.fields === 'string' ? parseFieldList(opts.fields) : undefined,
  };
}

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
  for (const arg of spec.args ?? []) cmd.argument(arg);
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
    .showSuggestionAfterError(true)
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
  NO_COLOR, FORCE_COLOR     turn colour off or on
${examples(['kettle login add --url https://git.example.com --with-token < token.txt', 'kettle whoami', 'kettle user view alice --json'])}`,
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
    .addOption(new Option('--auth <method>', 'how requests carry the credential').choices(['header', 'query', 'basic']));
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

  return program;
}
