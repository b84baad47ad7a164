// The body editor is chosen in git's order: GIT_EDITOR, core.editor, VISUAL,
// EDITOR, vi. core.editor is read from a real git with a temporary config.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editorCommand, gitCoreEditor } from '../../src/context/editor.js';

const home = mkdtempSync(join(tmpdir(), 'kettle-editor-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** An environment whose git reads only `config` as its global configuration. */
function gitEnv(config: string | undefined, vars: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const file = join(home, `gitconfig-${Math.random().toString(16).slice(2)}`);
  writeFileSync(file, config === undefined ? '' : `[core]\n\teditor = ${config}\n`);
  return { PATH: process.env.PATH, HOME: home, GIT_CONFIG_GLOBAL: file, GIT_CONFIG_NOSYSTEM: '1', ...vars };
}

describe('editorCommand', () => {
  it.each([
    ['GIT_EDITOR first', 'core-ed', { GIT_EDITOR: 'git-ed', VISUAL: 'visual-ed', EDITOR: 'editor-ed' }, 'git-ed'],
    ['then core.editor', 'core-ed --wait', { VISUAL: 'visual-ed', EDITOR: 'editor-ed' }, 'core-ed --wait'],
    ['then VISUAL', undefined, { VISUAL: 'visual-ed', EDITOR: 'editor-ed' }, 'visual-ed'],
    ['then EDITOR', undefined, { EDITOR: 'editor-ed' }, 'editor-ed'],
    ['a blank GIT_EDITOR counts as unset', undefined, { GIT_EDITOR: '  ', EDITOR: 'editor-ed' }, 'editor-ed'],
    ['vi when nothing is set', undefined, {}, 'vi'],
  ])('%s', async (_, config, vars, expected) => {
    expect(await editorCommand(gitEnv(config, vars), home)).toBe(expected);
  });

  it('ignores a git that fails (none on PATH) and goes on to VISUAL', async () => {
    expect(await editorCommand({ PATH: join(home, 'no-such-dir'), VISUAL: 'visual-ed' }, home)).toBe('visual-ed');
  });

  it('asks git only when GIT_EDITOR is not set', async () => {
    let asked = 0;
    const coreEditor = async () => {
      asked++;
      return 'core-ed';
    };
    expect(await editorCommand({ GIT_EDITOR: 'git-ed' }, home, coreEditor)).toBe('git-ed');
    expect(asked).toBe(0);
    expect(await editorCommand({}, home, coreEditor)).toBe('core-ed');
    expect(asked).toBe(1);
  });

  it('passes core.editor through git unchanged, arguments and all, with no shell', async () => {
    expect(await gitCoreEditor(gitEnv('"my editor" -w $HOME'), home)).toBe('my editor -w $HOME');
  });
});
