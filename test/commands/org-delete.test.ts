// kettle org delete, run in-process against the in-memory server (the typed
// confirmation at a real terminal is in test/tty/confirm.test.ts).
import { describe, expect, it } from 'vitest';
import { expectExit, expectFailure, expectUsage, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

describe('org delete', () => {
  it('deletes an organization with --yes', async () => {
    s.server.state.addOrg('old-team', 'Old Team', ['alice']);
    const r = await s.kettle(['org', 'delete', 'old-team', '--yes']);
    expectExit(r, 0);
    expect(r.stderr).toBe('✓ Deleted organization old-team\n');
    expect(sent(s, 'DELETE').map((q) => q.path)).toEqual(['/orgs/old-team']);
    expect(s.server.state.org('old-team')).toBeUndefined();
  });

  it('refuses without a terminal unless --yes, sending nothing', async () => {
    expectUsage(s, await s.kettle(['org', 'delete', 'wonderland']), 'refusing to delete organization wonderland without confirmation; pass --yes');
    expect(s.server.state.org('wonderland')).toBeDefined();
  });

  it('says that an organization that still owns repositories cannot go', async () => {
    expectFailure(await s.kettle(['org', 'delete', 'wonderland', '-y']), 'cannot delete organization wonderland: it still owns repositories; delete or transfer them first');
    expect(s.server.state.org('wonderland')).toBeDefined();
  });

  it('names a missing organization, and a refusal', async () => {
    expectFailure(await s.kettle(['org', 'delete', 'nowhere', '--yes']), 'organization nowhere not found');
    s.server.state.addOrg('not-yours', 'Not Yours', ['carol']);
    expectFailure(await s.kettle(['org', 'delete', 'not-yours', '--yes']), /^kettle: cannot delete organization not-yours: permission denied/);
    expect(s.server.state.org('not-yours')).toBeDefined();
  });

  it('refuses a malformed name before any request', async () => {
    expectUsage(s, await s.kettle(['org', 'delete', '../x', '--yes']), 'invalid organization name "../x"');
  });
});
