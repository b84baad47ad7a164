// A request valid for one server family only, because the user chose a value
// that family's description lists (hook add --type forgejo), is not blamed on
// the other; a value kettle chose itself still has to suit both.
import { describe, expect, it } from 'vitest';
import { HOOK_TYPES } from '../../src/commands/hook/index.js';
import { checkRequestAll, loadFixture, loadFixtures, type SentRequest } from './check.js';

function hookRequest(type: string): SentRequest {
  return {
    method: 'POST',
    path: '/repos/alice/teapot/hooks',
    query: {},
    headers: { 'content-type': 'application/json' },
    bodyText: JSON.stringify({ type, config: { url: 'https://ci.example.com', content_type: 'json' }, events: ['push'], active: true }),
  };
}

describe('checkRequestAll and server-specific values', () => {
  const fixtures = loadFixtures();

  it.each([
    ["forgejo typed by the user: Forgejo takes it, so Gitea's refusal is the user's choice", 'forgejo', ['--type', 'forgejo'], []],
    ['forgejo that kettle chose itself: still a problem for Gitea', 'forgejo', [], [/type is "forgejo"; Gitea 1.23.8 accepts .* \[Gitea 1.23.8\]$/, /Gitea 1.26.4\]$/, /Gitea 1.27.0\]$/]],
    [
      'a value neither lists: a problem for both, typed or not',
      'matrix',
      ['--type', 'matrix'],
      [/\[Gitea 1.23.8\]$/, /\[Forgejo 11.0.1\]$/, /\[Gitea 1.26.4\]$/, /\[Forgejo 15.0.3\]$/, /\[Gitea 1.27.0\]$/],
    ],
    ['gitea: fine for both', 'gitea', [], []],
  ])('%s', (_what, type, typed, expected) => {
    const problems = checkRequestAll(fixtures, hookRequest(type), typed);
    expect(problems).toHaveLength(expected.length);
    expected.forEach((re, i) => expect(problems[i]).toMatch(re));
  });
});

/** A workflow dispatch, as kettle sends it to a server of one flavour. */
function dispatch(flavour: 'gitea' | 'forgejo' | undefined, body: Record<string, unknown>, query: Record<string, string> = {}): SentRequest {
  return {
    method: 'POST',
    path: '/repos/alice/teapot/actions/workflows/deploy.yml/dispatches',
    query,
    headers: { 'content-type': 'application/json' },
    bodyText: JSON.stringify(body),
    ...(flavour ? { flavour } : {}),
  };
}

describe('checkRequestAll and a field only the answering flavour reads', () => {
  const fixtures = loadFixtures();

  it.each([
    ['return_run_info to Forgejo: Gitea 1.26 would ignore it', dispatch('forgejo', { ref: 'main', inputs: {}, return_run_info: true }), []],
    [
      'return_run_info to Gitea: a problem there',
      dispatch('gitea', { ref: 'main', inputs: {}, return_run_info: true }),
      [/return_run_info is not a field Gitea 1.26.4 reads \[Gitea 1.26.4\]$/, /return_run_info is not a field Gitea 1.27.0 reads \[Gitea 1.27.0\]$/],
    ],
    ['return_run_info from a server of unknown flavour: a problem for Gitea', dispatch(undefined, { ref: 'main', return_run_info: true }), [/\[Gitea 1.26.4\]$/, /\[Gitea 1.27.0\]$/]],
    ['return_run_details to Gitea 1.26: Forgejo would ignore it', dispatch('gitea', { ref: 'main', inputs: {} }, { return_run_details: 'true' }), []],
    [
      'a field neither reads, to Forgejo: a problem for all',
      dispatch('forgejo', { ref: 'main', colour: 'red' }),
      [/\[Forgejo 11.0.1\]$/, /\[Gitea 1.26.4\]$/, /\[Forgejo 15.0.3\]$/, /\[Gitea 1.27.0\]$/],
    ],
    [
      "no ref, to Forgejo: its own descriptions object, so Gitea's do too",
      dispatch('forgejo', { return_run_info: true }),
      [/ref \[Forgejo 11.0.1\]$/, /Gitea 1.26.4\]$/, /Gitea 1.26.4\]$/, /ref \[Forgejo 15.0.3\]$/, /Gitea 1.27.0\]$/, /Gitea 1.27.0\]$/],
    ],
  ])('%s', (_what, request, expected) => {
    const problems = checkRequestAll(fixtures, request);
    expect(problems, problems.join('\n')).toHaveLength(expected.length);
    expected.forEach((re, i) => expect(problems[i]).toMatch(re));
  });
});

describe('hook add --type', () => {
  it('knows every type either description lists for a new hook, and no other', () => {
    const listed = (name: 'gitea' | 'forgejo') => loadFixture(name).endpoints.find((e) => e.method === 'POST' && e.path === '/repos/{owner}/{repo}/hooks')?.body?.properties?.type?.enum ?? [];
    expect([...HOOK_TYPES].sort()).toEqual([...new Set([...listed('gitea'), ...listed('forgejo')])].sort());
  });
});

describe('a field only newer releases read', () => {
  const fixtures = loadFixtures();
  const update = (release: string | undefined): SentRequest => ({
    method: 'PUT',
    path: '/repos/alice/teapot/actions/variables/REGION',
    query: {},
    headers: { 'content-type': 'application/json' },
    bodyText: JSON.stringify({ value: 'eu', description: 'kept' }),
    ...(release !== undefined ? { release } : {}),
  });

  it('is allowed when the release that answered reads it, and a problem when sent to one that does not', () => {
    expect(checkRequestAll(fixtures, update('Gitea 1.26.4'))).toEqual([]);
    for (const release of ['Gitea 1.23.8', 'Forgejo 11.0.1', undefined]) {
      expect(checkRequestAll(fixtures, update(release)).some((p) => /body\.description is not a field Gitea 1\.23\.8 reads/.test(p))).toBe(true);
    }
  });
});
