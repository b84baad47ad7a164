// Repository settings and keys at a real terminal: the ~/.ssh/*.pub picker of
// ssh-key add, the migration's progress and hidden token question, and the
// confirmations of ssh-key delete and of clearing every topic.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsData } from '../server/routes-settings.js';
import { sshKeyPair } from '../support/keys.js';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();

describe('ssh-key add on a terminal without FILE', () => {
  it('offers the public keys in ~/.ssh and adds the one picked, titled by its comment', async () => {
    const ssh = join(demo.term.home, '.ssh');
    mkdirSync(ssh, { recursive: true });
    const laptop = sshKeyPair('alice@laptop');
    const work = sshKeyPair('alice@work');
    writeFileSync(join(ssh, 'id_ed25519.pub'), laptop.pub);
    writeFileSync(join(ssh, 'id_ed25519'), laptop.priv);
    writeFileSync(join(ssh, 'work.pub'), work.pub);
    const pane = await demo.term.kettle(['ssh-key', 'add']);
    const screen = await pane.asked('Which public key?');
    expect(screen).toContain('id_ed25519.pub');
    expect(screen).toContain('work.pub');
    // Only public keys are offered.
    expect(screen).not.toMatch(/id_ed25519\s*$/m);
    await pane.keys('Down');
    await pane.keys('Enter');
    const { code, screen: end } = await pane.exit();
    expect(code, end).toBe(0);
    expect(end).toMatch(/✓ Added SSH key \d+ \(alice@work\): SHA256:/);
    expect(demo.server.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ key: work.pub.trim(), title: 'alice@work' }]);
  });

  it('Ctrl-C at the picker exits 130 with nothing sent', async () => {
    const pane = await demo.term.kettle(['ssh-key', 'add']);
    await pane.asked('Which public key?');
    await pane.keys('C-c');
    const { code } = await pane.exit();
    expect(code).toBe(130);
    expect(demo.server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('ssh-key delete on a terminal', () => {
  it('asks once, and deletes only when told yes', async () => {
    const file = join(demo.term.home, 'to-delete.pub');
    writeFileSync(file, sshKeyPair('to-delete').pub);
    expect((await (await demo.term.kettle(['ssh-key', 'add', file])).exit()).code).toBe(0);
    const key = settingsData(demo.server.state).sshKeys.find((k) => k.title === 'to-delete');
    if (!key) throw new Error('the key was not added');
    const pane = await demo.term.kettle(['ssh-key', 'delete', String(key.id)]);
    await pane.asked(`Delete SSH key ${key.id}?`);
    await pane.keys('Down');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain(`✓ Deleted SSH key ${key.id}`);
    expect(settingsData(demo.server.state).sshKeys.some((k) => k.id === key.id)).toBe(false);
  });
});

describe('repo migrate on a terminal', () => {
  it('asks for the source token hidden, shows the time while the server migrates, and erases it when done', async () => {
    settingsData(demo.server.state).migrateDelayMs = 3000;
    const pane = await demo.term.kettle(['repo', 'migrate', 'https://git.example.com/bob/slow-copy.git']);
    await pane.asked("The source's access token (empty: none)");
    await pane.type('tok-hidden-42');
    await pane.keys('Enter');
    const during = await pane.waitFor(/Migrating https:\/\/git\.example\.com\/bob\/slow-copy\.git into slow-copy… [1-9] s/);
    expect(during).not.toContain('tok-hidden-42');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/✓ Migrated https:\/\/git\.example\.com\/bob\/slow-copy\.git into alice\/slow-copy/);
    expect(screen).not.toContain('Migrating ');
    expect(screen).not.toContain('tok-hidden-42');
    expect(demo.server.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { clone_addr: 'https://git.example.com/bob/slow-copy.git', repo_name: 'slow-copy', service: 'git', mirror: false, private: false, auth_username: 'oauth2', auth_password: 'tok-hidden-42' },
    ]);
    settingsData(demo.server.state).migrateDelayMs = 0;
  });
});

describe('repo topic set with nothing on a terminal', () => {
  it.each([
    ['a wrong name', 'teapot', 2],
    ['the name', 'alice/teapot', 0],
  ])('given %s (%s): exit %i', async (_what, typed, exit) => {
    const teapot = demo.server.state.repo('alice', 'teapot');
    if (!teapot) throw new Error('no alice/teapot');
    settingsData(demo.server.state).topics.set(teapot.id, ['kitchen', 'tea']);
    const pane = await demo.term.kettle(['repo', 'topic', 'set', '-R', 'alice/teapot']);
    await pane.asked('Type alice/teapot to clear its topics (kitchen, tea)');
    await pane.type(typed);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(exit);
    expect(settingsData(demo.server.state).topics.get(teapot.id)).toEqual(exit === 0 ? [] : ['kitchen', 'tea']);
  });
});
