// A flag is declared once: a verb's options type is derived from its
// definition (OptionsOf), so an option the definition does not declare is a
// compile error in the verb, and every declared flag reaches it typed. These
// are compile-time checks (`npm run typecheck` reads test/): each
// `@ts-expect-error` below fails the type check if its line ever compiles.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { listFlags, repoFlag } from '../../src/spec/flags.js';
import { arg, bool, choice, type OptionsOf, optionalArg, parsed, list as repeatable, type RunOf, text, type Verb, variadicArg, verb } from '../../src/spec/spec.js';
import { ROOT } from '../support/harness.js';

const example = verb({
  name: 'example',
  summary: 'an example',
  args: { id: arg('<id>', 'one'), more: variadicArg('[more...]', 'others'), maybe: optionalArg('[maybe]', 'perhaps') },
  flags: {
    ...repoFlag,
    ...listFlags,
    log: bool('--log', 'a switch'),
    title: text('--title <text>', 'a value'),
    label: repeatable('--label <name>', 'repeatable'),
    job: parsed('--job <n>', 'parsed', (value) => Number(value)),
    state: choice('--state <state>', 'one of', ['open', 'closed'] as const, 'open'),
  },
  examples: [],
  load: async () => ({ run: (_ctx: unknown, opts: OptionsOf<typeof example>) => opts }),
});
type Example = OptionsOf<typeof example>;

/** The verbs of a group, of its subgroups, or of a top-level command, and their subverbs. */
type VerbsOf<G> = G extends { verbs: readonly (infer V)[] } ? VerbsOf<V> : G extends { verb: infer V } ? V : G | SubverbsOf<G>;
/** A verb's subverbs (`pr review submit` under `pr review`). */
type SubverbsOf<G> = G extends { subverbs?: readonly (infer S)[] } ? S : never;
/**
 * Of a group's verbs, those whose run does not take exactly what the verb
 * declares (a run that takes no options: a verb that declares none), each as
 * its name, its options and its run, so that a failure shows which.
 */
type Mismatched<G> =
  VerbsOf<G> extends infer V
    ? V extends Verb<infer O, infer _M> & { name: infer N }
      ? RunOf<V> extends (ctx: never) => unknown
        ? [keyof O] extends [never]
          ? never
          : { name: N; options: O; run: RunOf<V> }
        : RunOf<V> extends (ctx: never, opts: infer P) => unknown
          ? [P] extends [O]
            ? [O] extends [P]
              ? never
              : { name: N; options: O; run: RunOf<V> }
            : { name: N; options: O; run: RunOf<V> }
          : { name: N; options: O; run: RunOf<V> }
      : never
    : never;

describe('a verb’s options, derived from its definition', () => {
  it('carry each argument and flag with its value’s type', () => {
    expectTypeOf<Example['id']>().toEqualTypeOf<string>();
    expectTypeOf<Example['more']>().toEqualTypeOf<string[]>();
    expectTypeOf<Example['maybe']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Example['repo']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Example['limit']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Example['all']>().toEqualTypeOf<boolean>();
    expectTypeOf<Example['log']>().toEqualTypeOf<boolean>();
    expectTypeOf<Example['title']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Example['label']>().toEqualTypeOf<string[]>();
    expectTypeOf<Example['job']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Example['state']>().toEqualTypeOf<'open' | 'closed'>();
  });

  it('refuse, at compile time, an option the definition does not declare', () => {
    const read = (opts: Example) => {
      // @ts-expect-error: --web is not a flag of this verb
      const web: unknown = opts.web;
      // @ts-expect-error: nor is --comment
      const { comment } = opts;
      return [web, comment];
    };
    expect(read).toBeTypeOf('function');
    // @ts-expect-error: a run that wants an option nobody declared does not take the verb's options
    const wants: (opts: Example) => void = (opts: Example & { draft: boolean }) => opts.draft;
    expect(wants).toBeTypeOf('function');
  });

  it('are what a real verb’s run takes', () => {
    expectTypeOf<OptionsOf<typeof import('../../src/commands/run/defs/view.js').view>>().toEqualTypeOf<{ id: string; repo: string | undefined; log: boolean; job: number | undefined }>();
    expectTypeOf<Parameters<typeof import('../../src/commands/run/view.js').run>[1]>().toEqualTypeOf<OptionsOf<typeof import('../../src/commands/run/defs/view.js').view>>();
  });
});

/** Every noun of src/commands (a folder with an index.ts), by folder. */
const NOUNS = [
  'admin',
  'alias',
  'api',
  'branch',
  'browse',
  'completion',
  'config',
  'extension',
  'gpg-key',
  'hook',
  'issue',
  'label',
  'login',
  'milestone',
  'notification',
  'org',
  'package',
  'pr',
  'release',
  'repo',
  'run',
  'runner',
  'search',
  'secret',
  'ssh-key',
  'status',
  'tag',
  'team',
  'time',
  'user',
  'variable',
  'whoami',
  'wiki',
  'workflow',
] as const;
/** For each, the verbs whose run takes other options than the verb declares: none. */
export type Checked = {
  admin: Mismatched<typeof import('../../src/commands/admin/index.js').admin>;
  alias: Mismatched<typeof import('../../src/commands/alias/index.js').alias>;
  api: Mismatched<typeof import('../../src/commands/api/index.js').api>;
  branch: Mismatched<typeof import('../../src/commands/branch/index.js').branch>;
  browse: Mismatched<typeof import('../../src/commands/browse/index.js').browse>;
  completion: Mismatched<typeof import('../../src/commands/completion/index.js').completion>;
  config: Mismatched<typeof import('../../src/commands/config/index.js').config>;
  extension: Mismatched<typeof import('../../src/commands/extension/index.js').extension>;
  'gpg-key': Mismatched<typeof import('../../src/commands/gpg-key/index.js').gpgKey>;
  hook: Mismatched<typeof import('../../src/commands/hook/index.js').hook>;
  issue: Mismatched<typeof import('../../src/commands/issue/index.js').issue>;
  label: Mismatched<typeof import('../../src/commands/label/index.js').labelGroup>;
  login: Mismatched<typeof import('../../src/commands/login/index.js').login>;
  milestone: Mismatched<typeof import('../../src/commands/milestone/index.js').milestoneGroup>;
  notification: Mismatched<typeof import('../../src/commands/notification/index.js').notification>;
  org: Mismatched<typeof import('../../src/commands/org/index.js').org>;
  package: Mismatched<typeof import('../../src/commands/package/index.js').packageGroup>;
  pr: Mismatched<typeof import('../../src/commands/pr/index.js').pr>;
  release: Mismatched<typeof import('../../src/commands/release/index.js').release>;
  repo: Mismatched<typeof import('../../src/commands/repo/index.js').repo>;
  run: Mismatched<typeof import('../../src/commands/run/index.js').run>;
  runner: Mismatched<typeof import('../../src/commands/runner/index.js').runner>;
  search: Mismatched<typeof import('../../src/commands/search/index.js').search>;
  secret: Mismatched<typeof import('../../src/commands/secret/index.js').secret>;
  'ssh-key': Mismatched<typeof import('../../src/commands/ssh-key/index.js').sshKey>;
  status: Mismatched<typeof import('../../src/commands/status/index.js').status>;
  tag: Mismatched<typeof import('../../src/commands/tag/index.js').tag>;
  team: Mismatched<typeof import('../../src/commands/team/index.js').teamGroup>;
  time: Mismatched<typeof import('../../src/commands/time/index.js').time>;
  user: Mismatched<typeof import('../../src/commands/user/index.js').user>;
  variable: Mismatched<typeof import('../../src/commands/variable/index.js').variable>;
  whoami: Mismatched<typeof import('../../src/commands/whoami/index.js').whoami>;
  wiki: Mismatched<typeof import('../../src/commands/wiki/index.js').wiki>;
  workflow: Mismatched<typeof import('../../src/commands/workflow/index.js').workflow>;
};

describe('every verb', () => {
  it('has a run that takes exactly the options its definition declares', () => {
    expectTypeOf<keyof Checked>().toEqualTypeOf<(typeof NOUNS)[number]>();
    expectTypeOf<Checked[keyof Checked]>().toEqualTypeOf<never>();
    expectTypeOf<Mismatched<{ verbs: [typeof example] }>>().toEqualTypeOf<never>();
    const handWritten = verb({ name: 'x', summary: 'x', flags: { log: bool('--log', 'a switch') }, examples: [], load: async () => ({ run: (_ctx: unknown, _opts: { other: string }) => {} }) });
    expectTypeOf<Mismatched<{ verbs: [typeof example, typeof handWritten] }>['options']>().toEqualTypeOf<{ log: boolean }>();
  });

  it('is checked: the table above names every noun', () => {
    const commands = join(ROOT, 'src', 'commands');
    const found = readdirSync(commands, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(commands, e.name, 'index.ts')))
      .map((e) => e.name)
      .sort();
    expect([...NOUNS].sort()).toEqual(found);
  });
});
