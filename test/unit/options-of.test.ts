// A flag is declared once: a verb's options type is derived from its
// definition (OptionsOf), so an option the definition does not declare is a
// compile error in the verb, and every declared flag reaches it typed. These
// are compile-time checks (`npm run typecheck` reads test/): each
// `@ts-expect-error` below fails the type check if its line ever compiles.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { listFlags, repoFlag } from '../../src/cli/flags.js';
import { arg, bool, choice, type OptionsOf, optionalArg, parsed, list as repeatable, type RunOf, text, type Verb, variadicArg, verb } from '../../src/cli/spec.js';
import { ROOT } from '../e2e/harness.js';

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

/** The names of a definition module's verbs whose run does not take exactly what the verb declares. */
type Mismatched<NS> = {
  [K in keyof NS]: NS[K] extends Verb<infer O, infer _M> ? (RunOf<NS[K]> extends (ctx: never, opts: infer P) => unknown ? ([P] extends [O] ? ([O] extends [P] ? never : K) : K) : K) : never;
}[keyof NS];

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
    expectTypeOf<OptionsOf<typeof import('../../src/commands/run/index.js').view>>().toEqualTypeOf<{ id: string; repo: string | undefined; log: boolean; job: number | undefined }>();
    expectTypeOf<Parameters<typeof import('../../src/commands/run/view.js').run>[1]>().toEqualTypeOf<OptionsOf<typeof import('../../src/commands/run/index.js').view>>();
  });
});

/** Every definition module of src/commands (index.ts, defs/*.ts), by path under it. */
const MODULES = ['run/index.ts'] as const;
/** For each, the verbs whose run takes other options than the verb declares: none. */
type Checked = {
  'run/index.ts': Mismatched<typeof import('../../src/commands/run/index.js')>;
};

describe('every verb', () => {
  it('has a run that takes exactly the options its definition declares', () => {
    expectTypeOf<keyof Checked>().toEqualTypeOf<(typeof MODULES)[number]>();
    expectTypeOf<Checked[keyof Checked]>().toEqualTypeOf<never>();
    expectTypeOf<Mismatched<{ example: typeof example }>>().toEqualTypeOf<never>();
    const handWritten = verb({ name: 'x', summary: 'x', flags: { log: bool('--log', 'a switch') }, examples: [], load: async () => ({ run: (_ctx: unknown, _opts: { other: string }) => {} }) });
    expectTypeOf<Mismatched<{ handWritten: typeof handWritten }>>().toEqualTypeOf<'handWritten'>();
  });

  it('is checked: the table above names every definition module', () => {
    const commands = join(ROOT, 'src', 'commands');
    const found = readdirSync(commands, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /^[^/]+\/(index\.ts|defs\/[^/]+\.ts)$/.test(relative(commands, join(e.parentPath, e.name))))
      .map((e) => relative(commands, join(e.parentPath, e.name)))
      .filter((f) => !f.endsWith('/defs/shared.ts'))
      .sort();
    expect([...MODULES].sort()).toEqual(found.filter((f) => (MODULES as readonly string[]).includes(f)));
  });
});
