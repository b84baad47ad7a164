// kettle extension list
import type { Context } from '../../context/context.js';
import { type Column, printList } from '../../output/printer.js';
import { allInstalled, origin, shortVersion } from './shared.js';

const columns: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'from', header: 'FROM' },
  { key: 'version', header: 'VERSION' },
  { key: 'pinned', header: 'PINNED' },
  { key: 'token', header: 'TOKEN' },
];

export async function run(ctx: Context): Promise<void> {
  const records = allInstalled(ctx.env).map((ext) => ({
    name: ext.name,
    kind: ext.kind,
    from: origin(ext),
    version: ext.kind === 'local' ? '' : shortVersion(ext),
    commit_or_tag: ext.version,
    pinned: ext.pin ?? '',
    token: ext.allowToken ? 'allowed' : '',
    allow_token: ext.allowToken,
    installed: ext.installed,
  }));
  await printList(ctx.io, ctx.output, records, columns, 'No extensions. Install one with: kettle extension install OWNER/kettle-NAME');
}
