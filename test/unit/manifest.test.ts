// The manifest of top-level commands (src/commands/index.ts) chooses the
// branch a command line builds before any definition is loaded: it must name
// each command as its definitions do.
import { describe, expect, it } from 'vitest';
import { ENTRIES, loadCommands } from '../../src/commands/index.js';

describe('the manifest of commands', () => {
  it('names each command and its aliases as its definitions do, in the overview order', async () => {
    const definitions = await loadCommands();
    const named = definitions.map((d) => {
      const def = 'verbs' in d ? d : d.verb;
      return { name: def.name, aliases: def.aliases ?? [] };
    });
    expect(ENTRIES.map((e) => ({ name: e.name, aliases: e.aliases ?? [] }))).toEqual(named);
  });
});
