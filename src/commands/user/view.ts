// kettle user view USERNAME
import * as users from '../../api/gitea/users.js';
import type { Context } from '../../context/context.js';
import { printRecord } from '../../output/printer.js';
import { reword } from '../failure.js';
import { userColumns } from '../records.js';
import type { OptionsOf } from '../../spec/spec.js';
import type * as definitions from './index.js';

export type ViewOptions = OptionsOf<typeof definitions.view>;

export async function run(ctx: Context, { username }: ViewOptions): Promise<void> {
  const api = await ctx.api();
  const user = await users.get(api, username).catch((err: unknown) => {
    throw reword(err, { missing: `user ${username}` });
  });
  await printRecord(ctx.io, ctx.output, user, userColumns);
}
