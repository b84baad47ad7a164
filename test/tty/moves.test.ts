// repo rename and repo transfer at a real terminal: the git remote of the
// working folder that named the old address is updated when the user says
// yes, left (with the command that would) when no; transfer asks first.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/harness.js';
import { demoTerminal, kettleCommand, shQuote } from './tmux.js';

const demo = demoTerminal();
const work = tempDir('kettle-tty-moves-');
afterAll(() => work.cleanup());
const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: work.path };
const git = (...args: string[]) => execFileSync('git', args, { cwd: work.path, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' }).trim();

let n = 0;
/** A repository of alice's, and the working folder's origin at its address. */
function checkout(): string {
  const name = `tty-move-${++n}`;
  demo.server.state.addRepo('alice', name, { init: true });
  git('init', '-q');
  if (git('remote') !== '') git('remote', 'remove', 'origin');
  return name;
}

function inWork(args: string[]): string {
  return `cd ${shQuote(work.path)} && ${kettleCommand(args)}`;
}

describe('repo rename on a terminal', () => {
  it('asks whether to point the git remote at the new address: yes updates it', async () => {
    const name = checkout();
    git('remote', 'add', 'origin', `${demo.server.url}/alice/${name}.git`);
    const pane = await demo.term.shell(inWork(['repo', 'rename', `${name}-new`]));
    await pane.asked(`Point git remote "origin" at alice/${name}-new`);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain(`Updated git remote "origin" to ${demo.server.url}/alice/${name}-new.git`);
    expect(git('remote', 'get-url', 'origin')).toBe(`${demo.server.url}/alice/${name}-new.git`);
  });

  it('no leaves the remote and says the command that would update it', async () => {
    const name = checkout();
    git('remote', 'add', 'origin', `${demo.server.url}/alice/${name}.git`);
    const pane = await demo.term.shell(inWork(['repo', 'rename', `${name}-new`]));
    await pane.asked(`Point git remote "origin" at alice/${name}-new`);
    await pane.keys('Down', 'Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain(`git remote set-url origin ${demo.server.url}/alice/${name}-new.git`);
    expect(git('remote', 'get-url', 'origin')).toBe(`${demo.server.url}/alice/${name}.git`);
  });
});

describe('repo transfer on a terminal', () => {
  it('asks first; no sends nothing, exit 2', async () => {
    const name = checkout();
    const pane = await demo.term.kettle(['repo', 'transfer', `alice/${name}`, 'wonderland']);
    await pane.asked(`Transfer alice/${name} to wonderland?`);
    await pane.keys('Down', 'Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(2);
    expect(demo.server.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(demo.server.state.repo('alice', name)).toBeDefined();
  });
});
