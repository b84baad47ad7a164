// The README's command reference is what `npm run reference` writes from the
// command definitions today: a flag, a command or an example changed without
// regenerating it fails here, as stale completion scripts fail their test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/harness.js';
import { BEGIN, commandReference, END, withReference } from '../tools/reference.js';

describe('README command reference', () => {
  it('is the one generated from the command definitions (run `npm run reference` and commit README.md)', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const reference = await commandReference();
    expect(readme.includes(BEGIN) && readme.includes(END), 'README.md has no generated command reference').toBe(true);
    expect(withReference(readme, reference) === readme, 'README.md command reference is stale: run `npm run reference` and commit README.md').toBe(true);
  });

  it('lists every command of the tree, with the options its help shows', async () => {
    const reference = await commandReference();
    for (const command of ['kettle issue list', 'kettle pr create', 'kettle run view RUN-ID', 'kettle workflow run FILE', 'kettle login setup-git', 'kettle api PATH'])
      expect(reference).toContain(`| \`${command}`);
    expect(reference).toMatch(/\| `kettle pr create[^|]*\|[^|]*\|[^\n]*`--agit`/);
    expect(reference).toMatch(/`-s, --state open\\\|closed\\\|all`/);
  });
});
