// What repo topic, repo migrate, ssh-key and gpg-key check before sending: pure functions, as tables.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { armoredKey, primaryKeyId } from '../../src/commands/gpg-key/parse.js';
import { checkName, defaultName, parseInterval, parseItems, parseSource } from '../../src/commands/repo/migrate-input.js';
import { normalizeTopics, topicProblem } from '../../src/commands/repo/topics-rule.js';
import { parseSshKey } from '../../src/commands/ssh-key/parse.js';
import { UsageError } from '../../src/errors.js';
import { ROOT } from '../support/harness.js';
import { sshKeyPair } from '../support/keys.js';

describe('topics', () => {
  it.each([
    ['tea', undefined],
    ['tea-pot.v2', undefined],
    ['0day', undefined],
    ['a'.repeat(35), undefined],
    ['a'.repeat(36), 'longer than 35 characters'],
    ['-tea', 'only lower-case'],
    ['.tea', 'only lower-case'],
    ['tea pot', 'only lower-case'],
    ['tea_pot', 'only lower-case'],
    ['té', 'only lower-case'],
  ])('%s: %s', (topic, problem) => {
    const found = topicProblem(topic);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });

  it('lower-cases with a note, trims, drops empty ones and repeats', () => {
    expect(normalizeTopics([' Tea ', 'tea', '', 'KITCHEN'])).toEqual({
      topics: ['tea', 'kitchen'],
      changed: [
        [' Tea ', 'tea'],
        ['KITCHEN', 'kitchen'],
      ],
    });
  });

  it('counts after dropping repeats: 25 distinct pass, 26 do not', () => {
    const names = Array.from({ length: 25 }, (_, i) => `t${i}`);
    expect(normalizeTopics([...names, 't0', 'T1']).topics).toHaveLength(25);
    expect(() => normalizeTopics([...names, 'x'])).toThrow(UsageError);
  });
});

describe('migration input', () => {
  it.each([
    ['https://git.example.com/a/b.git', { url: 'https://git.example.com/a/b.git', username: undefined, password: undefined }],
    ['https://u%40x:p%3Aw@git.example.com/a/b', { url: 'https://git.example.com/a/b', username: 'u@x', password: 'p:w' }],
    ['https://tokenonly@git.example.com/a/b', { url: 'https://git.example.com/a/b', username: 'tokenonly', password: undefined }],
    ['git://git.example.com/a/b.git', { url: 'git://git.example.com/a/b.git', username: undefined, password: undefined }],
  ])('%s', (value, source) => {
    expect(parseSource(value)).toEqual(source);
  });

  it.each(['ssh://git@git.example.com/a/b.git', 'file:///srv/git/b.git', 'git@git.example.com:a/b.git'])('%s is refused, credentials never echoed', (value) => {
    expect(() => parseSource(value)).toThrow(UsageError);
  });

  it.each([
    ['https://git.example.com/a/b.git', 'b'],
    ['https://git.example.com/a/B.GIT', 'B'],
    ['https://git.example.com/a/b/', 'b'],
    ['https://git.example.com/', ''],
  ])('the name of %s is "%s"', (url, name) => {
    expect(defaultName(url)).toBe(name);
  });

  it.each(['ok', 'a.b-c_d'])('%s is a name', (name) => expect(checkName(name, true)).toBe(name));
  it.each(['', 'a b', 'x.git', '..', 'a'.repeat(101)])('"%s" is not', (name) => expect(() => checkName(name, true)).toThrow(UsageError));

  it.each([
    ['8h', '8h'],
    ['10m', '10m'],
    ['1h30m', '1h30m'],
    ['600s', '600s'],
    ['0', '0'],
    ['0s', '0'],
  ])('interval %s', (value, sent) => expect(parseInterval(value)).toBe(sent));
  it.each(['9m59s', '5m', '1h 30m', 'daily', '8', '-1h', ''])('interval "%s" is refused', (value) => expect(() => parseInterval(value)).toThrow(UsageError));

  it('--with: known items, lower-cased, each once', () => {
    expect(parseItems('Issues,labels,,issues, wiki')).toEqual(['issues', 'labels', 'wiki']);
    expect(parseItems(undefined)).toEqual([]);
    expect(() => parseItems('issues,stars')).toThrow(/unknown item "stars"/);
  });
});

describe('keys', () => {
  it('an OpenSSH line: type, comment and the fingerprint ssh-keygen -l prints for it', () => {
    const key = parseSshKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJlXzDP+oMTSMjVmuFWs+/F4fGC7id/IGa/7A+/mECDi alice@laptop\n', 'f');
    expect(key).toEqual({
      type: 'ssh-ed25519',
      line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJlXzDP+oMTSMjVmuFWs+/F4fGC7id/IGa/7A+/mECDi alice@laptop',
      comment: 'alice@laptop',
      fingerprint: 'SHA256:1zMMYkozn1at3hzD6toDBbb6H8MopVqZyfXV/ks9Q5o',
    });
  });

  it.each([
    ['two words in the comment', `${sshKeyPair('').pub.trim()} alice at home`, 'alice at home'],
    ['no comment', sshKeyPair('').pub, undefined],
    ['authorized_keys options first', `no-pty,command="x" ${sshKeyPair('').pub.trim()} ci`, 'ci'],
  ])('%s', (_what, text, comment) => {
    expect(parseSshKey(text, 'f').comment).toBe(comment);
  });

  it.each([
    ['a type that does not match the key inside', `ssh-rsa ${sshKeyPair('').pub.split(' ')[1]}`],
    ['not base64', 'ssh-ed25519 not*base64'],
    ['no key', 'hello'],
  ])('%s is refused', (_what, text) => {
    expect(() => parseSshKey(text, 'f')).toThrow(/f is not an SSH public key/);
  });

  it('the primary key id of an armored key, as gpg shows it', () => {
    const text = readFileSync(join(ROOT, 'test/fixtures/keys/alice.asc'), 'utf8');
    expect(primaryKeyId(armoredKey(text, 'f'))).toBe('9AFCE2B35347B89A');
    expect(primaryKeyId(armoredKey(readFileSync(join(ROOT, 'test/fixtures/keys/stranger.asc'), 'utf8'), 'f'))).toBe('8CDAC5334DC8CF26');
    expect(() => armoredKey('nothing', 'f')).toThrow(/f is not an armored GPG public key/);
  });
});
