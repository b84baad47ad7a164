// kettle config list [--host HOST]: every setting, its value and where it comes from.
import { describeSource, hostKey, SETTING_KEYS, SETTINGS, UserSettings } from '../../config/user-settings.js';
import type { Context } from '../../context/context.js';
import { type Column, printList } from '../../output/printer.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definition from './index.js';

export type ListOptions = OptionsOf<typeof definition.list>;

const columns: Column[] = [
  { key: 'key', header: 'KEY' },
  { key: 'value', header: 'VALUE', get: (r) => (r.value === null ? String(r.default) : String(r.value)) },
  { key: 'source', header: 'SOURCE' },
];

export async function run(ctx: Context, opts: ListOptions): Promise<void> {
  const host = hostKey(opts.host);
  const settings = ctx.io.settings ?? new UserSettings(ctx.env);
  const timeout = ctx.flags.timeoutMs;
  const records = SETTING_KEYS.map((key) => {
    const flag = key === 'http_timeout' && timeout !== undefined ? { value: String(timeout / 1000), name: '--timeout' } : undefined;
    const at = settings.resolve(key, { host, flag });
    return { key, value: at.value ?? null, source: describeSource(at.source), default: SETTINGS[key].defaultText, ...(host !== undefined ? { host } : {}) };
  });
  await printList(ctx.io, ctx.output, records, columns);
}
