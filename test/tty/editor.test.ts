// The body editor at a real terminal: KETTLE_EDITOR, then kettle config's
// editor, then in git's order: GIT_EDITOR, then git's core.editor, then VISUAL.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { type Pane, Terminal } from './tmux.js';

let server: TestServer;
let term: Terminal;

beforeAll(async () => {
  server = await startServer({ seed: 'demo' });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.resetRequests();
  term = new Terminal({ KETTLE_URL: server.url, KETTLE_TOKEN: server.addToken('alice') });
});
afterEach(async () => {
  await term.close();
});

/** An editor script that writes its own name into the file it is given. */
function editor(name: string): string {
  const path = join(term.home, `${name}.sh`);
  writeFileSync(path, `#!/bin/sh\nprintf 'Written in ${name}\\n' > "$1"\n`);
  chmodSync(path, 0o755);
  return path;
}

async function createWithEditor(pane: Pane): Promise<unknown> {
  await pane.asked('Title');
  await pane.type('Edited');
  await pane.keys('Enter');
  await pane.asked('Body');
  await pane.keys('Enter');
  const { code, screen } = await pane.exit();
  expect(code, screen).toBe(0);
  return server.requests.find((r) => r.method === 'POST')?.body;
}

describe('the body editor', () => {
  it('is GIT_EDITOR before core.editor and VISUAL', async () => {
    writeFileSync(join(term.home, '.gitconfig'), `[core]\n\teditor = ${editor('core')}\n`);
    const pane = await term.kettle(['issue', 'create', '-R', 'alice/teapot'], { env: { GIT_EDITOR: editor('git'), VISUAL: editor('visual') } });
    expect(await createWithEditor(pane)).toEqual({ title: 'Edited', body: 'Written in git' });
  });

  it('is git config core.editor before VISUAL', async () => {
    writeFileSync(join(term.home, '.gitconfig'), `[core]\n\teditor = ${editor('core')}\n`);
    const pane = await term.kettle(['issue', 'create', '-R', 'alice/teapot'], { env: { VISUAL: editor('visual') } });
    expect(await createWithEditor(pane)).toEqual({ title: 'Edited', body: 'Written in core' });
  });

  it('is the editor setting (kettle config set editor) before GIT_EDITOR, and KETTLE_EDITOR before the setting', async () => {
    writeFileSync(join(term.home, 'settings.json'), JSON.stringify({ settings: { editor: editor('setting') } }), { mode: 0o600 });
    const pane = await term.kettle(['issue', 'create', '-R', 'alice/teapot'], { env: { GIT_EDITOR: editor('git') } });
    expect(await createWithEditor(pane)).toEqual({ title: 'Edited', body: 'Written in setting' });
    server.resetRequests();
    const env = await term.kettle(['issue', 'create', '-R', 'alice/teapot'], { env: { KETTLE_EDITOR: editor('kettle'), GIT_EDITOR: editor('git') } });
    expect(await createWithEditor(env)).toEqual({ title: 'Edited', body: 'Written in kettle' });
  });
});
