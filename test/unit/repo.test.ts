import { describe, expect, it } from 'vitest';
import { parseGitRemotes, parseRemoteUrl, pickRemote } from '../../src/context/repo.js';

describe('parseRemoteUrl', () => {
  it.each([
    ['https://git.example.com/alice/teapot.git', { host: 'git.example.com', owner: 'alice', name: 'teapot' }],
    ['https://git.example.com/alice/teapot', { host: 'git.example.com', owner: 'alice', name: 'teapot' }],
    ['https://git.example.com/alice/teapot/', { host: 'git.example.com', owner: 'alice', name: 'teapot' }],
    ['http://127.0.0.1:3000/alice/teapot.git', { host: '127.0.0.1', owner: 'alice', name: 'teapot' }],
    ['https://user:secret@git.example.com/alice/teapot.git', { host: 'git.example.com', owner: 'alice', name: 'teapot' }],
    ['https://example.com/forge/alice/teapot.git', { host: 'example.com', owner: 'alice', name: 'teapot' }],
    ['ssh://git@git.example.com:2222/alice/teapot.git', { host: 'git.example.com', owner: 'alice', name: 'teapot' }],
    ['ssh://git@git.example.com/alice/tea.pot', { host: 'git.example.com', owner: 'alice', name: 'tea.pot' }],
    ['git@git.example.com:alice/teapot.git', { host: 'git.example.com', owner: 'alice', name: 'teapot' }],
    ['git.example.com:alice/teapot', { host: 'git.example.com', owner: 'alice', name: 'teapot' }],
    ['git@Git.Example.com:Alice/Tea-Pot_2.git', { host: 'git.example.com', owner: 'Alice', name: 'Tea-Pot_2' }],
    ['git+ssh://git@host.test/o/r.git', { host: 'host.test', owner: 'o', name: 'r' }],
  ])('%s', (url, expected) => {
    expect(parseRemoteUrl(url)).toEqual(expected);
  });

  it.each([
    ['/home/alice/teapot'],
    ['../teapot'],
    ['file:///srv/git/alice/teapot.git'],
    ['https://git.example.com/teapot.git'],
    ['https://git.example.com/'],
    ['git@host:..'],
    ['https://host/a/%2E%2E'],
    [''],
  ])('%j is not a repository on a server', (url) => {
    expect(parseRemoteUrl(url)).toBeUndefined();
  });
});

describe('parseGitRemotes and pickRemote', () => {
  const output = [
    'upstream\thttps://git.example.com/wonderland/tea-party.git (fetch)',
    'upstream\thttps://git.example.com/wonderland/tea-party.git (push)',
    'origin\tgit@other.example.org:alice/teapot.git (fetch)',
    'origin\tgit@other.example.org:alice/teapot.git (push)',
    'local\t/srv/git/x (fetch)',
  ].join('\n');

  it('keeps fetch URLs once per remote, in order', () => {
    expect(parseGitRemotes(output)).toEqual([
      { name: 'upstream', url: 'https://git.example.com/wonderland/tea-party.git' },
      { name: 'origin', url: 'git@other.example.org:alice/teapot.git' },
      { name: 'local', url: '/srv/git/x' },
    ]);
  });

  const tea = { host: 'git.example.com', owner: 'wonderland', name: 'tea-party' };
  const teapot = { host: 'other.example.org', owner: 'alice', name: 'teapot' };
  it.each([
    ['origin is passed over when no login is on its host', output, ['git.example.com'], tea, 'upstream'],
    ['origin first among remotes on login hosts', output, ['git.example.com', 'other.example.org'], teapot, 'origin'],
    ['then upstream, before the others', `fork\tgit@git.example.com:bob/kettle.git (fetch)\n${output.replace(/origin/g, 'fork2')}`, ['git.example.com'], tea, 'upstream'],
    ["then the others in git's order", output.replace(/origin/g, 'fork').replace(/upstream/g, 'mirror'), ['git.example.com', 'other.example.org'], tea, 'mirror'],
    ['nothing on a login host', output.replace(/origin/g, 'fork'), ['elsewhere.test'], undefined, undefined],
    ['no login host known', output.replace(/origin/g, 'fork'), [], undefined, undefined],
    ['no remotes', '', ['git.example.com'], undefined, undefined],
  ])('%s', (_label, text, hosts, expected, remote) => {
    const picked = pickRemote(parseGitRemotes(text), hosts);
    expect(picked && { host: picked.host, owner: picked.owner, name: picked.name }).toEqual(expected);
    expect(picked?.remote.name).toBe(remote);
  });
});
