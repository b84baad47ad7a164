// The Actions resource module's reading of each server's records into kettle's
// words, and what it says a feature needs.
import { describe, expect, it } from 'vitest';
import { needs, offers } from '../../src/api/gitea/actions-features.js';
import { runOf } from '../../src/api/gitea/actions.js';

describe("runOf: every record shape in kettle's status words", () => {
  it.each([
    // Gitea 1.25+ runs: GitHub's status and conclusion.
    [{ id: 7, run_number: 3, path: 'ci.yml@refs/heads/main', status: 'queued', conclusion: '' }, 'queued', 7, 'ci.yml'],
    [{ id: 7, run_number: 3, path: 'ci.yml@refs/heads/main', status: 'waiting', conclusion: '' }, 'waiting', 7, 'ci.yml'],
    [{ id: 7, run_number: 3, path: 'ci.yml@refs/heads/main', status: 'in_progress', conclusion: '' }, 'in_progress', 7, 'ci.yml'],
    [{ id: 7, run_number: 3, path: 'ci.yml@refs/heads/main', status: 'completed', conclusion: 'cancelled' }, 'cancelled', 7, 'ci.yml'],
    [{ id: 7, run_number: 3, path: 'ci.yml@refs/heads/main', status: 'completed', conclusion: 'bogus' }, 'unknown', 7, 'ci.yml'],
    // Forgejo 12+ runs: the internal words; the RUN-ID is the number its web page shows.
    [{ id: 9, index_in_repo: 4, workflow_id: 'a.yml', status: 'waiting' }, 'queued', 4, 'a.yml'],
    [{ id: 9, index_in_repo: 4, workflow_id: 'a.yml', status: 'blocked' }, 'waiting', 4, 'a.yml'],
    [{ id: 9, index_in_repo: 4, workflow_id: 'a.yml', status: 'running' }, 'in_progress', 4, 'a.yml'],
    // Gitea 1.25: its web page shows the run's number (html_url), 1.26+ its id.
    [{ id: 7, run_number: 3, path: 'ci.yml@refs/heads/main', status: 'queued', html_url: 'https://h/o/r/actions/runs/3' }, 'queued', 3, 'ci.yml'],
    [{ id: 7, run_number: 3, path: 'ci.yml@refs/heads/main', status: 'queued', html_url: 'https://h/o/r/actions/runs/7' }, 'queued', 7, 'ci.yml'],
    // Tasks: the run's number is its RUN-ID.
    [{ id: 50, run_number: 4, workflow_id: 'b.yml', status: 'skipped' }, 'skipped', 4, 'b.yml'],
    [{ id: 50, run_number: 4, workflow_id: 'b.yml', status: 'unknown' }, 'unknown', 4, 'b.yml'],
  ])('%j: %s', (record, status, id, workflow) => {
    const run = runOf(record);
    expect(run.status).toBe(status);
    expect(run.id).toBe(id);
    expect(run.workflow).toBe(workflow);
  });
});

describe('offers and needs', () => {
  const gitea = (v: string) => ({ flavour: 'gitea' as const, numbers: v.split('.').map(Number) });
  const forgejo = (v: string) => ({ flavour: 'forgejo' as const, numbers: v.split('.').map(Number) });

  it.each([
    [gitea('1.23.8'), 'runs', false],
    [gitea('1.25.0'), 'runs', true],
    [forgejo('11.0.1'), 'runs', false],
    [forgejo('12.0.0'), 'runs', true],
    [gitea('1.26.4'), 'rerun', true],
    [forgejo('15.0.3'), 'rerun', false],
    [gitea('1.24.0'), 'dispatch', true],
    [gitea('1.23.8'), 'dispatch', false],
    [forgejo('11.0.1'), 'dispatch', true],
    [gitea('1.26.4'), 'cancel', false],
  ] as const)('%j offers %s: %s', (server, feature, yes) => {
    expect(offers(server, feature)).toBe(yes);
  });

  it('names the releases that have a feature', () => {
    expect(needs('runs')).toBe('Gitea 1.25 or later or Forgejo 12 or later');
    expect(needs('logs')).toBe('Gitea 1.25 or later (no release of Forgejo up to 15.0.3 has it)');
    expect(needs('dispatch')).toBe('Gitea 1.24 or later or Forgejo');
    expect(needs('cancel')).toBe('a server release with that endpoint (none known here has one: Gitea up to 1.27.0, Forgejo up to 15.0.3)');
  });
});
