// kettle alias set NAME EXPANSION [--shell]
import { ALIAS_NAME, isShellExpansion, loopOf, splitWords } from '../../config/aliases.js';
import { configDir } from '../../config/store.js';
import { readSettings, updateSettings } from '../../config/user-settings.js';
import type { Context } from '../../context/context.js';
import { UsageError } from '../../errors.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';
import { commandWords } from './shared.js';

export type SetOptions = OptionsOf<typeof definition.set>;

export async function run(ctx: Context, opts: SetOptions): Promise<void> {
  const { name } = opts;
  if (!ALIAS_NAME.test(name)) throw new UsageError(`an alias is one word of letters, digits and . _ : - (not starting with - or a dot), not "${name}"`);
  const commands = await commandWords(ctx);
  if (commands.has(name)) throw new UsageError(`"${name}" is a kettle command; an alias may not shadow a command`);
  const shell = opts.shell || isShellExpansion(opts.expansion);
  const expansion = shell ? `!${opts.expansion.replace(/^!/, '')}` : opts.expansion;
  if (expansion.replace(/^!/, '').trim() === '') throw new UsageError('the expansion must not be empty');
  const dir = configDir(ctx.env);
  const isCommand = (word: string) => commands.has(word);
  if (!shell) {
    const first = splitWords(expansion)[0] as string;
    const known = readSettings(dir).aliases;
    if (!commands.has(first) && known[first] === undefined && first !== name) {
      throw new UsageError(`the expansion must start with a kettle command or an alias, not "${first}" (use --shell for anything else)`);
    }
  }
  await updateSettings(
    dir,
    (data) => {
      const next = { ...data.aliases, [name]: expansion };
      const loop = loopOf(name, next, isCommand);
      if (loop !== undefined) throw new UsageError(`that would make an alias loop: ${loop.join(' -> ')}; nothing was changed`);
      data.aliases = next;
    },
    ctx.dryRun,
  );
  ctx.term.success(`Alias ${name} now stands for: ${shell ? `sh -c ${JSON.stringify(expansion.slice(1))}` : expansion}`);
}
