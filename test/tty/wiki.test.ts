// kettle wiki at a real terminal: edit opens the page's text in the editor; delete asks for the title.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../server/index.js';
import { addWikiPage } from '../server/routes-wiki.js';
import { Terminal } from './tmux.js';

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

const teapot = () => {
  const repo = server.state.repo('alice', 'teapot');
  if (!repo) throw new Error('no alice/teapot');
  return repo;
};

describe('wiki at a terminal', () => {
  it('edit without flags opens the page in the editor and keeps the title', async () => {
    addWikiPage(server.state, teapot(), 'Getting started', 'Fill the kettle.\n');
    const path = join(term.home, 'append.sh');
    writeFileSync(path, `#!/bin/sh\nprintf 'Then boil.\\n' >> "$1"\n`);
    chmodSync(path, 0o755);
    const pane = await term.kettle(['wiki', 'edit', 'Getting started', '-R', 'alice/teapot'], { env: { GIT_EDITOR: path } });
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ title: 'Getting started', content_base64: Buffer.from('Fill the kettle.\nThen boil.\n').toString('base64') });
  });

  it('delete asks for the title; a wrong answer deletes nothing', async () => {
    addWikiPage(server.state, teapot(), 'Old notes', 'x');
    const wrong = await term.kettle(['wiki', 'delete', 'Old notes', '-R', 'alice/teapot']);
    await wrong.asked('Type Old notes to delete the wiki page');
    await wrong.type('Old');
    await wrong.keys('Enter');
    expect((await wrong.exit()).code).toBe(2);
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    const right = await term.kettle(['wiki', 'delete', 'Old notes', '-R', 'alice/teapot']);
    await right.asked('Type Old notes to delete the wiki page');
    await right.type('Old notes');
    await right.keys('Enter');
    const { code, screen } = await right.exit();
    expect(code, screen).toBe(0);
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/repos/alice/teapot/wiki/page/Old-notes']);
  });
});
