// Inside a Gitea or Forgejo Actions job kettle needs no set-up: the server,
// token and repository come from the job's variables, whoami says which, and
// nothing prompts. Run in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, record, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process', login: 'none' });

/** The variables an act_runner job has (GITHUB_* as well as its own), with a token of the in-memory server. */
function job(extra: Record<string, string> = {}): Record<string, string> {
  return { GITHUB_ACTIONS: 'true', GITHUB_SERVER_URL: s.server.url, GITHUB_REPOSITORY: 'alice/teapot', GITHUB_TOKEN: s.token, ...extra };
}

describe('an Actions job', () => {
  it.each([
    ['Gitea', { GITEA_ACTIONS: 'true' }],
    ['Forgejo', { FORGEJO_ACTIONS: 'true' }],
    ['GITHUB_ACTIONS with a Gitea-family GITHUB_SERVER_URL', {}],
  ])("%s: the job's server, token and repository, no set-up; whoami says where each came from", async (_what, marker) => {
    const who = await s.kettle(['whoami'], { env: job(marker) });
    expectExit(who, 0);
    const shown = record(who.stdout);
    expect(shown.server).toBe(s.server.url);
    expect(shown.kettle_login).toBe(`server from GITHUB_SERVER_URL, token from GITHUB_TOKEN (Actions job)`);
    expect(shown.repository).toBe('alice/teapot (GITHUB_REPOSITORY)');
    expect(who.stdout).not.toContain(s.token);
    // No -R and no git remote: the job's repository.
    const list = await s.kettle(['issue', 'list', '--json', '--fields', 'number'], { env: job(marker) });
    expectExit(list, 0);
    expect(sent(s, 'GET', '/repos/alice/teapot/issues').length).toBeGreaterThan(0);
  });

  it('the first of KETTLE_TOKEN, GITEA_TOKEN, FORGEJO_TOKEN, GITHUB_TOKEN that is set; KETTLE_URL still wins', async () => {
    const who = await s.kettle(['whoami', '--json', '--fields', 'login,kettle_login'], {
      env: job({ GITEA_ACTIONS: 'true', GITHUB_SERVER_URL: 'http://127.0.0.1:9/', KETTLE_URL: s.server.url, GITHUB_TOKEN: 'wrong', FORGEJO_TOKEN: s.token }),
    });
    expectExit(who, 0);
    expect(json(who)).toEqual({ login: 'alice', kettle_login: 'server from KETTLE_URL, token from FORGEJO_TOKEN (Actions job)' });
  });

  it('-R still wins over GITHUB_REPOSITORY', async () => {
    const r = await s.kettle(['issue', 'list', '-R', 'bob/toolbox', '--json', '--fields', 'number'], { env: job({ GITEA_ACTIONS: 'true' }) });
    expectExit(r, 0);
    expect(sent(s, 'GET', '/repos/bob/toolbox/issues').length).toBeGreaterThan(0);
    expect(sent(s, 'GET', '/repos/alice/teapot/issues')).toHaveLength(0);
  });

  it('a rejected job token names the variable it came from', async () => {
    const r = await s.kettle(['whoami'], { env: job({ GITEA_ACTIONS: 'true', GITHUB_TOKEN: 'not-a-token' }) });
    expectExit(r, 4);
    expect(r.stderr).toContain('The server rejected GITHUB_TOKEN');
    expect(r.stderr).not.toContain('not-a-token');
  });

  it('never prompts in a job, even on a terminal: the flag to pass is named', async () => {
    const r = await s.kettle(['issue', 'create'], { env: job({ GITEA_ACTIONS: 'true' }), tty: true });
    expectExit(r, 2);
    expect(r.stderr).toMatch(/--title/);
  });

  it("GitHub's own Actions are not such a job: no login from GITHUB_TOKEN", async () => {
    const r = await s.kettle(['whoami'], { env: { GITHUB_ACTIONS: 'true', GITHUB_SERVER_URL: 'https://github.com', GITHUB_TOKEN: s.token } });
    expectExit(r, 4);
    expect(r.stderr).toMatch(/^kettle: not logged in/);
  });
});
