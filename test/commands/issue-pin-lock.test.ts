// kettle issue pin|unpin, lock|unlock, subscribe|unsubscribe: what is already
// so is a note with nothing sent; the pin limit and a server without the lock
// endpoint are one clear line each; an unknown --reason is a usage error.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectExit, expectUsage, sent, useServer } from '../support/suite.js';
import { issueMeta } from '../server/routes-issue-meta.js';
import type { Repo } from '../server/state.js';

const s = useServer({ runner: 'in-process' });
const R = ['-R', 'alice/pins'];
const G27 = { version: '1.27.0' };
const F15 = { forgejo: true, version: '15.0.3+gitea-1.22.0' };
const writes = () => s.server.requests.filter((q) => q.method !== 'GET');

let repo: Repo;
const id = (n: number) => s.server.state.issue(repo, n)?.id as number;

beforeAll(() => {
  repo = s.server.state.addRepo('alice', 'pins', { init: true });
  for (let i = 1; i <= 6; i++) s.server.state.addIssue(repo, i === 6 ? 'alice' : 'bob', { title: `Pin me ${i}` });
});

describe('issue pin and unpin', () => {
  it('pins, then a second pin is a note and nothing is sent', async () => {
    const r = await s.kettle(['issue', 'pin', '1', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Pinned issue #1 in alice\/pins/);
    expect(sent(s, 'POST', '/repos/alice/pins/issues/1/pin')).toHaveLength(1);
    s.server.resetRequests();
    const again = await s.kettle(['issue', 'pin', '1', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/issue #1 in alice\/pins is already pinned; nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('takes the issue’s web URL', async () => {
    const r = await s.kettle(['issue', 'pin', `${s.server.url}/alice/pins/issues/2`]);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/alice/pins/issues/2/pin')).toHaveLength(1);
  });

  it.each([
    ['Gitea 1.23.8', {}],
    ['Gitea 1.27.0', G27],
    ['Forgejo 15.0.3', F15],
  ])('past the servers’ limit of 3 pins (%s): one line naming the pinned issues', async (_name, flavor) => {
    s.server.set({ flavor });
    const pins = issueMeta(s.server.state).pins;
    pins.clear();
    pins.set(id(1), 1).set(id(2), 2).set(id(3), 3);
    const r = await s.kettle(['issue', 'pin', '4', ...R]);
    expectExit(r, 1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot pin issue #4 in alice\/pins: .*3 issues are pinned already \(#1, #2, #3\).*unpin one first/);
    expect(pins.has(id(4))).toBe(false);
  });

  it('unpins; unpinning an issue not pinned is a note, nothing sent; the pins after it move up', async () => {
    const pins = issueMeta(s.server.state).pins;
    pins.clear();
    pins.set(id(1), 1).set(id(2), 2).set(id(3), 3);
    const r = await s.kettle(['issue', 'unpin', '1', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Unpinned issue #1 in alice\/pins/);
    expect([pins.get(id(2)), pins.get(id(3))]).toEqual([1, 2]);
    s.server.resetRequests();
    const again = await s.kettle(['issue', 'unpin', '1', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/issue #1 in alice\/pins is not pinned; nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('no such issue: one line, nothing sent', async () => {
    const r = await s.kettle(['issue', 'pin', '99', ...R]);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/issue #99 in alice\/pins not found/);
    expect(writes()).toEqual([]);
  });
});

describe('issue lock and unlock', () => {
  it('locks with the reason in the web form’s words; a second lock is a note', async () => {
    s.server.set({ flavor: G27 });
    const r = await s.kettle(['issue', 'lock', '5', '--reason', 'too-heated', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Locked issue #5 in alice\/pins \(too-heated\)/);
    expect(sent(s, 'PUT', '/repos/alice/pins/issues/5/lock')[0]?.body).toEqual({ lock_reason: 'Too heated' });
    expect(issueMeta(s.server.state).locks.get(id(5))).toBe('Too heated');
    s.server.resetRequests();
    const again = await s.kettle(['issue', 'lock', '5', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/issue #5 in alice\/pins is already locked; nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('unlocks; an unlocked issue is a note', async () => {
    s.server.set({ flavor: G27 });
    issueMeta(s.server.state).locks.set(id(4), 'Spam');
    const r = await s.kettle(['issue', 'unlock', '4', ...R]);
    expectExit(r, 0);
    expect(sent(s, 'DELETE', '/repos/alice/pins/issues/4/lock')).toHaveLength(1);
    s.server.resetRequests();
    const again = await s.kettle(['issue', 'unlock', '4', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/issue #4 in alice\/pins is not locked; nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('without a reason, an empty body', async () => {
    s.server.set({ flavor: G27 });
    const r = await s.kettle(['issue', 'lock', '3', ...R]);
    expectExit(r, 0);
    expect(sent(s, 'PUT', '/repos/alice/pins/issues/3/lock')[0]?.body).toEqual({});
  });

  it('an unknown --reason: exit 2 naming the valid ones, nothing sent', async () => {
    const r = await s.kettle(['issue', 'lock', '3', '--reason', 'boring', ...R]);
    expectUsage(s, r, /off-topic.*too-heated.*resolved.*spam/);
    expect(s.server.requests).toEqual([]);
  });

  it.each([
    ['Gitea 1.23.8', {}, /Gitea 1\.23\.8/],
    ['Forgejo 15.0.3', F15, /Forgejo 15\.0\.3/],
  ])('on %s, which lacks the endpoint: one line naming the versions that have it, nothing sent', async (_name, flavor, runs) => {
    s.server.set({ flavor });
    for (const verb of ['lock', 'unlock']) {
      const r = await s.kettle(['issue', verb, '3', ...R]);
      expectExit(r, 1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(new RegExp(`kettle issue ${verb} needs Gitea 1\\.24 or later \\(no release of Forgejo up to 15\\.0\\.3 has it\\)`));
      expect(r.stderr).toMatch(runs);
    }
    expect(writes()).toEqual([]);
  });
});

describe('issue subscribe and unsubscribe', () => {
  it('a user taking part is subscribed already: a note, nothing sent', async () => {
    const r = await s.kettle(['issue', 'subscribe', '6', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/you are already subscribed to issue #6 in alice\/pins; nothing was changed/);
    expect(writes()).toEqual([]);
  });

  it('unsubscribes as the caller, then a second time is a note; subscribes back', async () => {
    const r = await s.kettle(['issue', 'unsubscribe', '6', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Unsubscribed from issue #6 in alice\/pins/);
    expect(sent(s, 'DELETE', '/repos/alice/pins/issues/6/subscriptions/alice')).toHaveLength(1);
    s.server.resetRequests();
    const again = await s.kettle(['issue', 'unsubscribe', '6', ...R]);
    expectExit(again, 0);
    expect(again.stderr).toMatch(/you are not subscribed to issue #6/);
    expect(writes()).toEqual([]);
    const back = await s.kettle(['issue', 'subscribe', '6', ...R]);
    expectExit(back, 0);
    expect(sent(s, 'PUT', '/repos/alice/pins/issues/6/subscriptions/alice')).toHaveLength(1);
  });

  it('an issue the caller has no part in: subscribes', async () => {
    const r = await s.kettle(['issue', 'subscribe', '5', ...R]);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/Subscribed to issue #5/);
  });

  it('no such issue: one line, nothing sent', async () => {
    const r = await s.kettle(['issue', 'subscribe', '99', ...R]);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/issue #99 in alice\/pins not found/);
    expect(writes()).toEqual([]);
  });
});
