// kettle org list|view|create, run in-process against the in-memory server.
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, record, rows, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

describe('org list', () => {
  it('lists the organizations alice belongs to', async () => {
    const r = await s.kettle(['org', 'list']);
    expectExit(r, 0);
    const mine = s.server.state.orgs.filter((o) => o.members.includes('alice'));
    expect(rows(r.stdout).map((row) => row.slice(0, 2))).toEqual(mine.map((o) => [o.login, o.full_name]));
    expect(sent(s, 'GET', '/user/orgs')).toHaveLength(1);
  });

  it('--json: the server records', async () => {
    const r = await s.kettle(['org', 'list', '--json', '--fields', 'id,username']);
    expectExit(r, 0);
    const mine = s.server.state.orgs.filter((o) => o.members.includes('alice'));
    expect(json(r)).toEqual(mine.map((o) => ({ id: o.id, username: o.login })));
  });

  it('refuses --page 0 before any request', async () => {
    expectUsage(s, await s.kettle(['org', 'list', '--page', '0']), /--page/);
  });
});

describe('org view', () => {
  it('prints key<TAB>value lines', async () => {
    const r = await s.kettle(['org', 'view', 'wonderland']);
    expectExit(r, 0);
    expect(record(r.stdout)).toMatchObject({ name: 'wonderland', full_name: 'Wonderland Tea Co.', visibility: 'public' });
  });

  it('names the missing organization', async () => {
    expectFailure(await s.kettle(['org', 'view', 'atlantis']), 'organization atlantis not found');
  });

  it('refuses a name that is not one path segment', async () => {
    expectUsage(s, await s.kettle(['org', 'view', 'a/b']), /organization name "a\/b"/);
  });
});

describe('org create', () => {
  it('creates the organization with its full name, alice a member', async () => {
    const r = await s.kettle(['org', 'create', 'teaclub', '--full-name', 'The Tea Club', '--json']);
    expectExit(r, 0);
    const held = s.server.state.org('teaclub');
    expect(held).toMatchObject({ full_name: 'The Tea Club', members: ['alice'] });
    expect(json(r)).toMatchObject({ id: held?.id, username: 'teaclub', full_name: 'The Tea Club' });
    expect(sent(s, 'POST', '/orgs')[0]?.body).toEqual({ username: 'teaclub', full_name: 'The Tea Club' });
    expect(r.stderr).toBe('✓ Created organization teaclub\n');
  });

  it('says the name is taken', async () => {
    expectFailure(await s.kettle(['org', 'create', 'bob']), 'cannot create organization bob: user already exists [name: bob]');
  });

  it('lists the 422 field errors', async () => {
    const lines = expectFailure(await s.kettle(['org', 'create', 'club.git']), /^kettle: cannot create organization club\.git: /);
    expect(lines.slice(1)).toEqual(['  username: invalid']);
  });

  it('refuses a bad name before any request', async () => {
    expectUsage(s, await s.kettle(['org', 'create', 'tea club']), /organization name/);
  });
});
