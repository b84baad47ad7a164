// kettle ssh-key and gpg-key, run in-process against the in-memory server.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, rows, sent, useServer } from '../support/suite.js';
import { settingsData } from '../server/routes-settings.js';
import { sshKeyPair } from '../support/keys.js';

const s = useServer({ runner: 'in-process' });
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'keys');

function write(name: string, content: string | Buffer): string {
  const path = join(s.dir, name);
  writeFileSync(path, content);
  return path;
}

const mine = () => settingsData(s.server.state).sshKeys.filter((k) => k.owner === 'alice');

describe('ssh-key', () => {
  it('adds a key titled by its comment, with the fingerprint the server computes; lists it; adding it again is a note', async () => {
    const { pub } = sshKeyPair('alice@laptop');
    const file = write('id_test.pub', pub);
    const r = await s.kettle(['ssh-key', 'add', file, '--json']);
    expectExit(r, 0);
    const added = json<{ id: number; title: string; fingerprint: string }>(r);
    expect(sent(s, 'POST', '/user/keys').map((q) => q.body)).toEqual([{ key: pub.trim(), title: 'alice@laptop' }]);
    expect(added.title).toBe('alice@laptop');
    expect(added.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(r.stderr).toBe(`✓ Added SSH key ${added.id} (alice@laptop): ${added.fingerprint}\n`);
    const list = await s.kettle(['ssh-key', 'list']);
    expect(rows(list.stdout).map((row) => row.slice(0, 3))).toContainEqual([String(added.id), 'alice@laptop', added.fingerprint]);
    s.server.resetRequests();
    const again = await s.kettle(['ssh-key', 'add', file, '--title', 'other']);
    expectExit(again, 0);
    expect(again.stderr).toBe(`kettle: this key is already on your account as SSH key ${added.id} (alice@laptop); nothing was changed\n`);
    expect(sent(s, 'POST')).toEqual([]);
  });

  it('the server computes the fingerprint ssh-keygen -l prints', async () => {
    const line = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJlXzDP+oMTSMjVmuFWs+/F4fGC7id/IGa/7A+/mECDi alice@laptop-2\n';
    const r = await s.kettle(['ssh-key', 'add', '-', '--json'], { input: line });
    expectExit(r, 0);
    expect(json(r)).toMatchObject({ title: 'alice@laptop-2', fingerprint: 'SHA256:1zMMYkozn1at3hzD6toDBbb6H8MopVqZyfXV/ks9Q5o' });
  });

  it('reads standard input with --title; without a comment or title it asks for --title', async () => {
    const { pub } = sshKeyPair('');
    const r = await s.kettle(['ssh-key', 'add', '-', '--title', 'from-stdin'], { input: pub });
    expectExit(r, 0);
    expect(mine().map((k) => k.title)).toContain('from-stdin');
    const bare = sshKeyPair('').pub;
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['ssh-key', 'add', '-'], { input: bare }), /--title is required: the key has no comment/);
    // A file's name stands in for a missing comment.
    expectExit(await s.kettle(['ssh-key', 'add', write('work.pub', sshKeyPair('').pub)]), 0);
    expect(mine().map((k) => k.title)).toContain('work');
  });

  it('a key another account has is refused by the server, as real servers do', async () => {
    const { pub } = sshKeyPair('shared');
    const bob = s.server.addToken('bob');
    expectExit(await s.kettle(['ssh-key', 'add', '-'], { input: pub, env: { KETTLE_TOKEN: bob } }), 0);
    expectFailure(await s.kettle(['ssh-key', 'add', '-'], { input: pub }), /^kettle: cannot add the SSH key SHA256:\S+: Key content has been used as non-deploy key$/);
  });

  it('a private key is refused before anything is sent and never printed', async () => {
    const { priv } = sshKeyPair('x');
    const file = write('id_ed25519', priv);
    const r = await s.kettle(['ssh-key', 'add', file]);
    expectUsage(s, r, `kettle: ${file} holds a private key; give the public one (it was not sent, nor shown)`);
    const secretLine = priv.split('\n')[1] as string;
    expect(r.stderr).not.toContain(secretLine);
    const openssh = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----\n';
    expectUsage(s, await s.kettle(['ssh-key', 'add', '-'], { input: openssh }), /standard input holds a private key/);
  });

  it.each([
    ['empty', () => write('empty.pub', ''), /empty\.pub is empty: no key in it/],
    ['binary', () => write('binary.pub', Buffer.from([0x00, 0x01, 0x02, 0xff, 0x10])), /is binary, not an SSH public key/],
    ['over 64 KiB', () => write('huge.pub', 'a'.repeat(70 * 1024)), /is larger than 64 KiB/],
    [
      'a folder',
      () => {
        mkdirSync(join(s.dir, 'keys.pub'));
        return join(s.dir, 'keys.pub');
      },
      /is a folder, not an SSH public key/,
    ],
    ['missing', () => join(s.dir, 'nope.pub'), /cannot read .*nope\.pub: no such file/],
    ['not a key', () => write('notes.pub', 'hello world\n'), /is not an SSH public key/],
    ['two keys', () => write('two.pub', sshKeyPair('a').pub + sshKeyPair('b').pub), /holds 2 lines; give one public key/],
  ])('a key file that is %s: one line, exit 2, nothing sent', async (_what, make, mention) => {
    const r = await s.kettle(['ssh-key', 'add', make()]);
    expectUsage(s, r, mention);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('without FILE and without a terminal, FILE is required', async () => {
    expectUsage(s, await s.kettle(['ssh-key', 'add']), /FILE is required \(no terminal to pick one of ~\/\.ssh\/\*\.pub on\)/);
  });

  it('delete needs --yes without a terminal, deletes several, and names those that failed', async () => {
    const a = json<{ id: number }>(await s.kettle(['ssh-key', 'add', '-', '--title', 'del-a', '--json'], { input: sshKeyPair('').pub }));
    const b = json<{ id: number }>(await s.kettle(['ssh-key', 'add', '-', '--title', 'del-b', '--json'], { input: sshKeyPair('').pub }));
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['ssh-key', 'delete', String(a.id)]), /refusing to delete SSH key \d+ without confirmation; pass --yes/);
    expectUsage(s, await s.kettle(['ssh-key', 'delete', 'abc', '--yes']), /invalid SSH key id "abc"/);
    const r = await s.kettle(['ssh-key', 'delete', String(a.id), '999999', String(b.id), '--yes']);
    expectExit(r, 1);
    expect(r.stderr.split('\n')).toEqual([`✓ Deleted SSH key ${a.id}`, 'kettle: SSH key 999999 not found', `✓ Deleted SSH key ${b.id}`, 'kettle: 1 of 3 SSH keys not deleted: 999999', '']);
    expect(mine().map((k) => k.id)).not.toContain(a.id);
    expect(mine().map((k) => k.id)).not.toContain(b.id);
  });
});

describe('ssh-key with -R: deploy keys', () => {
  const deployKeys = (name: string) => {
    const repo = s.server.state.repo('alice', name);
    return settingsData(s.server.state).deployKeys.filter((k) => k.repoId === repo?.id);
  };

  it('--read-only adds a read-only deploy key; without it a read-write one; again is a note', async () => {
    s.server.state.addRepo('alice', 'deployed', { init: true });
    const ro = sshKeyPair('ci@build');
    const r = await s.kettle(['ssh-key', 'add', write('ci.pub', ro.pub), '--read-only', '-R', 'alice/deployed', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST').map((q) => [q.path, q.body])).toEqual([['/repos/alice/deployed/keys', { key: ro.pub.trim(), title: 'ci@build', read_only: true }]]);
    expect(json(r)).toMatchObject({ title: 'ci@build', read_only: true });
    expect(r.stderr).toMatch(/^✓ Added read-only deploy key \d+ \(ci@build\) to alice\/deployed: SHA256:/);
    const rw = await s.kettle(['ssh-key', 'add', '-', '--title', 'pusher', '-R', 'alice/deployed'], { input: sshKeyPair('').pub });
    expectExit(rw, 0);
    expect(deployKeys('deployed').map((k) => [k.title, k.readOnly])).toEqual([
      ['ci@build', true],
      ['pusher', false],
    ]);
    expect(rows((await s.kettle(['ssh-key', 'list', '-R', 'alice/deployed'])).stdout).map((row) => [row[1], row[3]])).toEqual([
      ['ci@build', 'true'],
      ['pusher', 'false'],
    ]);
    s.server.resetRequests();
    const again = await s.kettle(['ssh-key', 'add', write('ci.pub', ro.pub), '--read-only', '-R', 'alice/deployed']);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/^kettle: this key is already a deploy key of alice\/deployed \(id \d+, ci@build\); nothing was changed$/m);
    expect(sent(s, 'POST')).toEqual([]);
    // The same key with other access is not "already there".
    const other = await s.kettle(['ssh-key', 'add', write('ci.pub', ro.pub), '-R', 'alice/deployed']);
    expectFailure(other, /^kettle: this key is already a read-only deploy key of alice\/deployed \(id \d+\); delete it first to change that$/);
  });

  it('--read-only without -R and outside a git checkout names -R', async () => {
    expectUsage(s, await s.kettle(['ssh-key', 'add', write('ro.pub', sshKeyPair('ro').pub), '--read-only']), /pass -R OWNER\/NAME/);
  });

  it('an account key cannot also be a deploy key, as the servers refuse it', async () => {
    s.server.state.addRepo('alice', 'deployed-2', { init: true });
    const { pub } = sshKeyPair('mine');
    expectExit(await s.kettle(['ssh-key', 'add', '-'], { input: pub }), 0);
    expectFailure(await s.kettle(['ssh-key', 'add', '-', '-R', 'alice/deployed-2'], { input: pub }), /Key content has been used as non-deploy key$/);
  });

  it('delete deletes only deploy keys of that repository: the servers answer 204 for any id', async () => {
    s.server.state.addRepo('alice', 'deployed-3', { init: true });
    s.server.state.addRepo('alice', 'deployed-4', { init: true });
    const here = json<{ id: number }>(await s.kettle(['ssh-key', 'add', '-', '--title', 'here', '-R', 'alice/deployed-3', '--json'], { input: sshKeyPair('').pub }));
    const there = json<{ id: number }>(await s.kettle(['ssh-key', 'add', '-', '--title', 'there', '-R', 'alice/deployed-4', '--json'], { input: sshKeyPair('').pub }));
    s.server.resetRequests();
    const wrong = await s.kettle(['ssh-key', 'delete', String(there.id), '-R', 'alice/deployed-3', '--yes']);
    expectFailure(wrong, `deploy key ${there.id} of alice/deployed-3 not found`);
    expect(sent(s, 'DELETE')).toEqual([]);
    expect(deployKeys('deployed-4')).toHaveLength(1);
    const r = await s.kettle(['ssh-key', 'delete', String(here.id), '-R', 'alice/deployed-3', '--yes']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Deleted deploy key ${here.id} of alice/deployed-3\n`);
    expect(deployKeys('deployed-3')).toEqual([]);
  });
});

const ALICE_KEY = () => readFileSync(join(FIXTURES, 'alice.asc'), 'utf8');
const ALICE_KEY_ID = '9AFCE2B35347B89A';

describe('gpg-key', () => {
  it("adds a key whose address is the account's, lists it, and adding it again is a note", async () => {
    const r = await s.kettle(['gpg-key', 'add', join(FIXTURES, 'alice.asc'), '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/user/gpg_keys').map((q) => q.body)).toEqual([{ armored_public_key: ALICE_KEY().trim() }]);
    const added = json<{ id: number; key_id: string }>(r);
    expect(added.key_id).toBe(ALICE_KEY_ID);
    expect(r.stderr).toBe(`✓ Added GPG key ${ALICE_KEY_ID} (id ${added.id})\n`);
    expect(rows((await s.kettle(['gpg-key', 'list'])).stdout).map((row) => row.slice(0, 3))).toEqual([[String(added.id), ALICE_KEY_ID, 'alice@example.com']]);
    s.server.resetRequests();
    const again = await s.kettle(['gpg-key', 'add', '-'], { input: ALICE_KEY() });
    expectExit(again, 0);
    expect(again.stderr).toBe(`kettle: GPG key ${ALICE_KEY_ID} is already on your account (id ${added.id}); nothing was changed\n`);
    expect(sent(s, 'POST')).toEqual([]);
    // Another account cannot add the same key: the servers refuse a key id that is taken.
    const bob = s.server.addToken('bob');
    const taken = await s.kettle(['gpg-key', 'add', '-'], { input: ALICE_KEY(), env: { KETTLE_TOKEN: bob } });
    expectFailure(taken, `cannot add GPG key ${ALICE_KEY_ID}: A key with the same id already exists`);
  });

  it("a key with none of the account's addresses is refused by the server, in one line", async () => {
    const r = await s.kettle(['gpg-key', 'add', join(FIXTURES, 'stranger.asc')]);
    expectFailure(r, 'cannot add GPG key 8CDAC5334DC8CF26: none of its e-mail addresses is a verified address of your account');
  });

  it('refuses a private key, a binary export and text that is no key, before sending', async () => {
    const priv = '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlFgEZ1234567890\n-----END PGP PRIVATE KEY BLOCK-----\n';
    const r = await s.kettle(['gpg-key', 'add', '-'], { input: priv });
    expectUsage(s, r, /standard input holds a private key/);
    expect(r.stderr).not.toContain('lFgEZ');
    expectUsage(s, await s.kettle(['gpg-key', 'add', write('key.gpg', Buffer.from([0x98, 0x33, 0x04, 0x00, 0x00]))]), /is binary, not a GPG public key/);
    expectUsage(s, await s.kettle(['gpg-key', 'add', write('key.txt', 'not a key\n')]), /is not an armored GPG public key/);
  });

  it('delete checks each id is one of yours first: the servers answer 204 for a key that is not there', async () => {
    const added = json<{ id: number }>(await s.kettle(['gpg-key', 'add', join(FIXTURES, 'alice.asc'), '--json']));
    s.server.resetRequests();
    const missing = await s.kettle(['gpg-key', 'delete', '424242', '--yes']);
    expectFailure(missing, 'GPG key 424242 not found');
    expect(sent(s, 'DELETE')).toEqual([]);
    const r = await s.kettle(['gpg-key', 'delete', String(added.id), '--yes']);
    expectExit(r, 0);
    expect(r.stderr).toBe(`✓ Deleted GPG key ${added.id}\n`);
    expect(settingsData(s.server.state).gpgKeys.some((k) => k.id === added.id)).toBe(false);
  });
});
