// kettle repo migrate, run in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, sent, useServer } from '../support/suite.js';
import { settingsData } from '../server/routes-settings.js';

const s = useServer({ runner: 'in-process' });

describe('repo migrate', () => {
  it('migrates under the source name, waiting for the server, and prints the repository', async () => {
    settingsData(s.server.state).migrateDelayMs = 300;
    const r = await s.kettle(['repo', 'migrate', 'https://git.example.com/bob/spoon.git', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/migrate').map((q) => q.body)).toEqual([{ clone_addr: 'https://git.example.com/bob/spoon.git', repo_name: 'spoon', service: 'git', mirror: false, private: false }]);
    expect(json(r)).toMatchObject({ full_name: 'alice/spoon', mirror: false, empty: false });
    expect(r.stderr).toMatch(/^✓ Migrated https:\/\/git\.example\.com\/bob\/spoon\.git into alice\/spoon/);
  });

  it('moves credentials out of the address into auth_username/auth_password and never prints them', async () => {
    const r = await s.kettle(['repo', 'migrate', 'https://bob:s3cr%40t@git.example.com/bob/cup', 'my-cup', '--org', 'wonderland', '--private', '--debug']);
    expectExit(r, 0);
    const [q] = sent(s, 'POST', '/repos/migrate');
    expect(q?.body).toEqual({
      clone_addr: 'https://git.example.com/bob/cup',
      repo_name: 'my-cup',
      repo_owner: 'wonderland',
      service: 'git',
      mirror: false,
      private: true,
      auth_username: 'bob',
      auth_password: 's3cr@t',
    });
    expect(r.stderr + r.stdout).not.toContain('s3cr');
    expect(s.server.state.repo('wonderland', 'my-cup')?.private).toBe(true);
  });

  it.each([
    ["as the address's user part", 'https://tok-abc123@git.example.com/bob/as-user.git', 'as-user', 'https://git.example.com/bob/as-user.git'],
    ['as its password', 'https://bob:tok-abc123@git.example.com/bob/as-password.git', 'as-password', 'https://git.example.com/bob/as-password.git'],
    ['in its query', 'https://git.example.com/bob/as-query.git?access_token=tok-abc123', 'as-query', 'https://git.example.com/bob/as-query.git?access_token=REDACTED'],
  ])('a token written %s is sent, and never printed: not in --debug, not in the success line', async (_how, address, name, shown) => {
    const r = await s.kettle(['repo', 'migrate', address, '--debug']);
    expectExit(r, 0);
    expect(JSON.stringify(sent(s, 'POST', '/repos/migrate')[0]?.body)).toContain('tok-abc123');
    expect(r.stderr).toContain(`✓ Migrated ${shown} into alice/${name}`);
    expect(r.stderr + r.stdout).not.toContain('tok-abc123');
    // The record the server answers keeps the query (original_url); --json prints it without the token.
    const asJson = await s.kettle(['repo', 'migrate', address, '--json'].map((a) => (a === address ? address.replace(name, `${name}-2`) : a)));
    expectExit(asJson, 0);
    expect(String((JSON.parse(asJson.stdout) as { original_url?: string }).original_url)).toBe(shown.replace(name, `${name}-2`));
    expect(asJson.stdout + asJson.stderr).not.toContain('tok-abc123');
  });

  it('a server message quoting the source back shows neither the user part nor an ?access_token=', async () => {
    const r = await s.kettle(['repo', 'migrate', 'https://tok-abc123@gone.invalid/bob/lost.git?access_token=tok-def456', '--debug']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/^kettle: cannot migrate https:\/\/gone\.invalid\/bob\/lost\.git\?access_token=REDACTED into lost: Migration failed: /m);
    expect(r.stderr + r.stdout).not.toMatch(/tok-abc123|tok-def456/);
  });

  it('reads the source token from standard input: auth_token for a service, the password for plain git', async () => {
    const r = await s.kettle(['repo', 'migrate', 'https://github.example.com/bob/kettle-src', '--service', 'github', '--with', 'issues,labels,pull-requests', '--auth-token-stdin'], {
      input: 'tok-123\n',
    });
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/migrate')[0]?.body).toMatchObject({ service: 'github', auth_token: 'tok-123', issues: true, labels: true, pull_requests: true });
    s.server.resetRequests();
    const git = await s.kettle(['repo', 'migrate', 'https://git.example.com/bob/plain', '--auth-token-stdin'], { input: 'tok-456' });
    expectExit(git, 0);
    const body = sent(s, 'POST', '/repos/migrate')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ auth_username: 'oauth2', auth_password: 'tok-456' });
    expect(body.auth_token).toBeUndefined();
  });

  it('--service forgejo is sent as gitea, which every server reads and describes', async () => {
    expectExit(await s.kettle(['repo', 'migrate', 'https://codeberg.example.com/bob/fj', '--service', 'forgejo']), 0);
    expect(sent(s, 'POST', '/repos/migrate')[0]?.body).toMatchObject({ service: 'gitea' });
  });

  it('a mirror with an interval; repo sync then syncs it', async () => {
    const r = await s.kettle(['repo', 'migrate', 'https://git.example.com/bob/mirrored.git', '--mirror', '--interval', '1h30m', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/migrate')[0]?.body).toMatchObject({ mirror: true, mirror_interval: '1h30m' });
    expect(json(r)).toMatchObject({ mirror: true, mirror_interval: '1h30m0s' });
    expect(r.stderr).toMatch(/into alice\/mirrored as a mirror/);
    expectExit(await s.kettle(['repo', 'sync', 'alice/mirrored']), 0);
  });

  it('a source the server cannot reach is one line naming the address without credentials; nothing is left behind', async () => {
    const r = await s.kettle(['repo', 'migrate', 'https://bob:hunter2@gone.invalid/bob/lost.git']);
    const lines = expectFailure(r, /^kettle: cannot migrate https:\/\/gone\.invalid\/bob\/lost\.git into lost: Migration failed: .*Could not resolve host: gone\.invalid/);
    expect(lines).toHaveLength(1);
    expect(r.stderr).not.toContain('hunter2');
    expect(s.server.state.repo('alice', 'lost')).toBeUndefined();
  });

  it('an organization that does not exist is named', async () => {
    expectFailure(
      await s.kettle(['repo', 'migrate', 'https://git.example.com/bob/x.git', '--org', 'no-such-org']),
      'cannot migrate https://git.example.com/bob/x.git: organization no-such-org not found',
    );
  });

  it('a name that is taken is one line', async () => {
    expectFailure(await s.kettle(['repo', 'migrate', 'https://git.example.com/bob/teapot.git']), 'cannot migrate https://git.example.com/bob/teapot.git: a repository named teapot already exists');
  });

  it.each([
    [['not a url'], /invalid clone address "not a url"/],
    [['ftp://git.example.com/x.git'], /the servers migrate from http, https and git addresses/],
    [['https://git.example.com/'], /the address has no repository name in it; give NAME/],
    [['https://git.example.com/a/b.git', 'bad name'], /invalid repository name "bad name"/],
    [['https://git.example.com/a/b.git', '--interval', '8h'], /--interval applies to mirrors: add --mirror/],
    [['https://git.example.com/a/b.git', '--mirror', '--interval', '5m'], /--interval 5m is too short/],
    [['https://git.example.com/a/b.git', '--mirror', '--interval', 'daily'], /invalid --interval "daily"/],
    [['https://git.example.com/a/b.git', '--with', 'issues,stars'], /--with: unknown item "stars"/],
    [['https://git.example.com/a/b.git', '--mirror', '--with', 'issues'], /a mirror copies only the code, wiki and LFS/],
    // The default service is plain git, whose migration drops issues and the like in silence (D27).
    [['https://git.example.com/a/b.git', '--with', 'issues,wiki,labels'], /--with issues,labels: a plain git source has only the code and its wiki; name the source's kind with --service/],
    [['https://u:p@git.example.com/a/b.git', '--auth-token-stdin'], /give the source's credentials once/],
    [['https://git.example.com/a/b.git', '--service', 'svn'], /Allowed choices are git, github/],
  ])('%j is refused before any request', async (args, mention) => {
    const r = await s.kettle(['repo', 'migrate', ...args]);
    expectUsage(s, r, mention);
    expect(r.stderr).not.toMatch(/u:p@/);
  });

  it('--with lfs where the server keeps no LFS objects: one line before anything is copied (the server would drop it in silence, D27)', async () => {
    settingsData(s.server.state).lfsDisabled = true;
    try {
      const r = await s.kettle(['repo', 'migrate', 'https://github.example.com/bob/big', '--service', 'github', '--with', 'lfs']);
      expectFailure(r, /^kettle: cannot migrate https:\/\/github\.example\.com\/bob\/big --with lfs: .* keeps no LFS objects \(its LFS is off\); leave out lfs to copy the rest$/);
      expect(sent(s, 'POST', '/repos/migrate')).toEqual([]);
    } finally {
      settingsData(s.server.state).lfsDisabled = false;
    }
    expectExit(await s.kettle(['repo', 'migrate', 'https://github.example.com/bob/big', '--service', 'github', '--with', 'lfs']), 0);
    expect(sent(s, 'POST', '/repos/migrate').at(-1)?.body).toMatchObject({ lfs: true });
  });

  it('--auth-token-stdin with nothing on standard input is a usage error', async () => {
    expectUsage(s, await s.kettle(['repo', 'migrate', 'https://git.example.com/a/b.git', '--auth-token-stdin'], { input: '' }), /--auth-token-stdin: standard input was empty/);
  });

  it('an interval under the minimum fails on the server after the repository was made, and the server removes it', async () => {
    // What kettle refuses before sending: the server's own answer, through the api command.
    const r = await s.kettle(['api', '-X', 'POST', '/repos/migrate', '-f', 'clone_addr=https://git.example.com/a/short.git', '-f', 'repo_name=short', '-F', 'mirror=true', '-f', 'mirror_interval=1m']);
    expectExit(r, 1);
    expect(s.server.state.repo('alice', 'short')).toBeUndefined();
  });
});
