// Help: every command of the tree, run as a command line, has a description,
// its arguments and options, and examples that use real options.
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import type { RunResult } from '../support/harness.js';
import { kettle } from '../support/inprocess.js';
import { testIO } from '../support/io.js';

function program(): Promise<Command> {
  return buildProgram({
    streams: testIO({ cwd: process.cwd() }).streams,
    version: '0.0.0',
    onContext: () => undefined,
  });
}

/** Every command of the tree with the words that reach it ([] for kettle itself). */
function walk(cmd: Command, path: string[] = []): { cmd: Command; path: string[] }[] {
  return [{ cmd, path }, ...cmd.commands.flatMap((sub) => walk(sub, [...path, sub.name()]))];
}

const TREE = walk(await program());

/** Run the command lines, a few at a time. */
async function runAll(argvs: string[][], width = 4): Promise<RunResult[]> {
  const results: RunResult[] = new Array(argvs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < argvs.length) {
        const i = next++;
        results[i] = await kettle(argvs[i] as string[]);
      }
    }),
  );
  return results;
}

/** Split a shell line into words, honouring single and double quotes. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

/** The lines under a heading such as "Examples:", up to the next blank line. */
function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return [];
  const end = lines.indexOf('', start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

describe('--help of every command', () => {
  let results: RunResult[] = [];
  beforeAll(async () => {
    results = await runAll(TREE.map((t) => [...t.path, '--help']));
  }, 60_000);

  it('the tree has every command of the contract', () => {
    const paths = TREE.map((t) => t.path.join(' '));
    for (const p of [
      'login add',
      'login list',
      'login default',
      'login delete',
      'whoami',
      'user view',
      'repo list',
      'repo view',
      'repo create',
      'repo edit',
      'repo fork',
      'repo clone',
      'repo delete',
      'issue list',
      'issue view',
      'issue create',
      'issue edit',
      'issue close',
      'issue reopen',
      'pr list',
      'pr create',
      'pr merge',
      'org list',
      'org view',
      'org create',
      'org delete',
      'hook list',
      'hook add',
      'hook view',
      'hook edit',
      'hook test',
      'hook delete',
      'api',
      'completion',
      'help',
      'repo star',
      'repo unstar',
      'repo collaborator list',
      'repo collaborator add',
      'repo collaborator remove',
      'repo topic list',
      'repo topic add',
      'repo topic remove',
      'repo topic set',
      'repo migrate',
      'repo sync',
      'ssh-key list',
      'ssh-key add',
      'ssh-key delete',
      'gpg-key list',
      'gpg-key add',
      'gpg-key delete',
      'login setup-git',
      'login git-credential',
      'pr checks',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it.each(TREE.map((t, i) => [t.path.join(' ') || '(kettle)', i] as const))('%s', (_label, i) => {
    const { cmd, path } = TREE[i] as { cmd: Command; path: string[] };
    const r = results[i] as RunResult;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.stdout;
    const full = ['kettle', ...path].join(' ');
    expect(out.startsWith(`Usage: ${full}`)).toBe(true);

    // A one-line description, shown.
    const description = cmd.description();
    expect(description.length).toBeGreaterThan(10);
    expect(description).not.toContain('\n');
    expect(squash(out)).toContain(squash(description));

    // Each argument, with what it is.
    const args = section(out, 'Arguments:');
    for (const arg of cmd.registeredArguments) {
      expect(arg.description, `argument ${arg.name()} has no description`).not.toBe('');
      expect(args.some((l) => l.trimStart().startsWith(arg.name()))).toBe(true);
    }

    // Each option (and, below kettle itself, the global ones).
    const helper = cmd.createHelp();
    const options = path.length ? [...helper.visibleOptions(cmd), ...helper.visibleGlobalOptions(cmd)] : helper.visibleOptions(cmd);
    for (const option of options) expect(out).toContain(helper.optionTerm(option));
    if (path.length) expect(section(out, 'Global Options:').join('\n')).toContain('--login <name>');

    // Examples that run this command, using only options it has.
    const examples = section(out, 'Examples:').map((l) => l.trim());
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.every((l) => l.startsWith('$ '))).toBe(true);
    const names = (c: Command) => [c.name(), ...c.aliases()];
    const known = new Set(options.flatMap((o) => [o.short, o.long].filter(Boolean) as string[]));
    let own = 0;
    for (const example of examples) {
      const w = words(example.slice(2).replace(/\s#.*$/, ''));
      const at = w.indexOf('kettle');
      expect(at, example).toBeGreaterThanOrEqual(0);
      const rest = w.slice(at + 1);
      if (!path.every((_name, k) => names(TREE.find((t) => t.path.join(' ') === path.slice(0, k + 1).join(' '))?.cmd as Command).includes(rest[k] ?? ''))) continue;
      own++;
      // Flags of this command (not those of a subcommand, for a group's examples).
      if (cmd.commands.length) continue;
      for (const word of rest.slice(path.length)) {
        if (word === '|' || word === '<' || word === '>' || word === '--') break;
        if (/^--?[A-Za-z]/.test(word)) expect(known, `${example}: ${word} is not an option of ${full}`).toContain(word.replace(/=.*$/, ''));
      }
    }
    expect(own, `no example runs ${full}`).toBeGreaterThan(0);
  });
});

describe('kettle alone and kettle help', () => {
  it('kettle alone prints the overview grouped by resource on stdout, exit 0', async () => {
    const r = await kettle([]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    const headings = lines.filter((l) => /^[A-Z][A-Za-z ]*:$/.test(l));
    expect(headings).toEqual([
      'Logins:',
      'Users:',
      'Repositories:',
      'Issues:',
      'Labels:',
      'Milestones:',
      'Pull requests:',
      'Releases:',
      'Actions:',
      'Inbox:',
      'Organizations:',
      'Webhooks:',
      'Keys:',
      'Administration:',
      'Other:',
      'Global Options:',
      'Environment:',
      'Examples:',
    ]);
    const under = (heading: string) =>
      section(r.stdout, heading)
        .filter((l) => /^ {2}\S/.test(l))
        .map((l) => l.trim().split(/\s{2,}/)[0] ?? '');
    expect(under('Issues:')).toEqual([
      'issue list',
      'issue view <number>',
      'issue status',
      'issue create',
      'issue edit <number...>',
      'issue comment <number...>',
      'issue close <number...>',
      'issue reopen <number...>',
      'issue delete <number...>',
      'issue pin <number>',
      'issue unpin <number>',
      'issue lock <number>',
      'issue unlock <number>',
      'issue subscribe <number>',
      'issue unsubscribe <number>',
      'issue dependency list <number>',
      'issue dependency add <number>',
      'issue dependency remove <number>',
      'issue react <number> <reaction>',
      'time list [number]',
      'time add <number> <duration>',
      'time delete <number> <entry-id>',
      'time reset <number>',
      'time start <number>',
      'time stop <number>',
      'time cancel <number>',
    ]);
    expect(under('Labels:')).toEqual(['label list', 'label create <name>', 'label edit <name>', 'label delete <name>']);
    expect(under('Pull requests:')).toEqual([
      'pr list',
      'pr view [number]',
      'pr diff [number]',
      'pr checkout <number>',
      'pr status',
      'pr checks [number]',
      'pr create',
      'pr edit <number>',
      'pr comment <number>',
      'pr comments [number]',
      'pr comments reply <comment-id>',
      'pr comments resolve <comment-id>',
      'pr comments unresolve <comment-id>',
      'pr review <number>',
      'pr review submit <number>',
      'pr review discard <number>',
      'pr react <number> <reaction>',
      'pr close <number>',
      'pr reopen <number>',
      'pr ready [number]',
      'pr merge [number]',
      'pr update-branch [number]',
    ]);
    expect(under('Logins:')).toEqual([
      'login add',
      'login list',
      'login status',
      'login token',
      'login refresh',
      'login scopes',
      'login default <name>',
      'login setup-git',
      'login git-credential <operation>',
      'login delete <name>',
      'whoami',
    ]);
    expect(under('Webhooks:')).toEqual(['hook list', 'hook add', 'hook view <id>', 'hook edit <id>', 'hook test <id>', 'hook delete <id...>']);
    expect(under('Actions:')).toEqual(
      expect.arrayContaining(['secret list', 'secret set <name>', 'secret delete <name>', 'variable list', 'variable get <name>', 'variable set <name> <value>', 'variable delete <name>']),
    );
    expect(under('Keys:')).toEqual(['ssh-key list', 'ssh-key add [file]', 'ssh-key delete <id...>', 'gpg-key list', 'gpg-key add [file]', 'gpg-key delete <id...>']);
    expect(under('Other:')).toEqual([
      'config list',
      'config get <key>',
      'config set <key> <value>',
      'config unset <key>',
      'alias list',
      'alias set <name> <expansion>',
      'alias delete <name>',
      'extension list',
      'extension install <source>',
      'extension upgrade [name]',
      'extension remove <name>',
      'extension exec <name> [args...]',
      'api <path>',
      'completion <shell>',
      'help [command...]',
    ]);
    // Every leaf command is in the overview.
    expect(under('Releases:')).toEqual([
      'release list',
      'release view [tag]',
      'release create <tag> [file...]',
      'release edit <tag>',
      'release upload <tag> <file...>',
      'release download [tag]',
      'release delete <tag>',
    ]);
    expect(under('Inbox:')).toEqual(['status', 'notification list', 'notification read [thread-id...]', 'search repos <query>', 'search issues <query>', 'search users <query>']);
    const listed = headings
      .slice(0, headings.indexOf('Global Options:'))
      .flatMap(under)
      .map((t) => t.replace(/ [<[].*$/, ''));
    // Every command that runs: the leaves, and the verbs with subverbs (`pr review` beside `pr review submit`).
    const leaves = TREE.filter((t) => t.path.length && (t.cmd.commands.length === 0 || t.cmd.registeredArguments.length > 0)).map((t) => t.path.join(' '));
    expect(listed.sort()).toEqual(leaves.sort());
  });

  it.each([
    [['help'], []],
    [
      ['help', 'issue', 'list'],
      ['issue', 'list', '--help'],
    ],
    [
      ['help', 'issue', 'ls'],
      ['issue', 'list', '--help'],
    ],
    [
      ['help', 'api'],
      ['api', '--help'],
    ],
    [
      ['help', 'login'],
      ['login', '--help'],
    ],
    [
      ['issue', 'help', 'view'],
      ['issue', 'view', '--help'],
    ],
    [['issue'], ['issue', '--help']],
    [['--help'], []],
  ])('kettle %j prints what kettle %j prints, exit 0', async (args, same) => {
    const [a, b] = await runAll([args, same]);
    expect(a?.code, a?.stderr).toBe(0);
    expect(a?.stderr).toBe('');
    expect(a?.stdout.length).toBeGreaterThan(200);
    expect(a?.stdout).toBe(b?.stdout);
  });
});

describe('an unknown command suggests the nearest one', () => {
  it.each([
    [['whoam'], "kettle: unknown command 'whoam'\n(Did you mean whoami?)\n"],
    [['isue', 'list'], "kettle: unknown command 'isue'\n(Did you mean issue?)\n"],
    [['issue', 'lst'], "kettle: unknown command 'lst' for 'kettle issue'\n(Did you mean list?)\n"],
    [['pr', 'mrege', '3'], "kettle: unknown command 'mrege' for 'kettle pr'\n(Did you mean merge?)\n"],
    [['login', 'ad', '--url', 'x'], "kettle: unknown command 'ad' for 'kettle login'\n(Did you mean add?)\n"],
    [['help', 'issue', 'lst'], "kettle: unknown command 'lst' for 'kettle issue'\n(Did you mean list?)\n"],
    [['issue', 'help', 'veiw'], "kettle: unknown command 'veiw' for 'kettle issue'\n(Did you mean view?)\n"],
    [['--stat'], "kettle: unknown option '--stat'\n"],
    [['--degub', 'whoami'], "kettle: unknown option '--degub'\n(Did you mean --debug?)\n"],
    [['issue', '--bogus'], "kettle: unknown option '--bogus'\n"],
    [['frobnicate'], "kettle: unknown command 'frobnicate'\n(Run 'kettle help' to see every command.)\n"],
    [['org', 'frobnicate'], "kettle: unknown command 'frobnicate' for 'kettle org'\n(Run 'kettle help org' to see its commands.)\n"],
  ])('kettle %j: exit 2', async (args, stderr) => {
    const r = await kettle(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(stderr);
  });
});
