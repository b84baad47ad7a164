// secret set and delete at a real terminal: the value asked for without an echo, the name typed back.
import { afterEach, describe, expect, it } from 'vitest';
import { secretsData } from '../server/routes-actions-secrets.js';
import { demoTerminal, kettleCommand } from './tmux.js';

const demo = demoTerminal();
afterEach(() => {
  // Nothing but the secret requests (and the version, when a rule asks for it).
  expect(demo.server.requests.filter((r) => !r.path.includes('/actions/secrets') && r.path !== '/version')).toEqual([]);
});

const teapotSecrets = () => {
  const repo = demo.server.state.repo('alice', 'teapot');
  return secretsData(demo.server.state).secrets.get(`repo:${repo?.id ?? 0}`) ?? [];
};

describe('secret set on a terminal', () => {
  it('asks for the value without showing it, keeps it as typed, and never prints it', async () => {
    const value = 'p4ss word-with spaces';
    const pane = await demo.term.kettle(['secret', 'set', 'deploy_token', '-R', 'alice/teapot']);
    await pane.asked('Value of DEPLOY_TOKEN (hidden)');
    await pane.type(value);
    // Not on screen while typed, nor any recognisable part of it, nor its length (no * per character).
    const typing = await pane.screen();
    expect(typing).not.toContain(value);
    expect(typing).not.toContain('p4ss');
    expect(typing).not.toContain('*');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).not.toContain('*');
    expect(screen).toContain('✓ Created secret DEPLOY_TOKEN of alice/teapot');
    expect(screen).not.toContain('p4ss');
    expect(teapotSecrets().find((x) => x.name === 'DEPLOY_TOKEN')?.data).toBe(value);
  });

  it('--body-file - at a terminal asks at the hidden prompt too, rather than echo what is typed', async () => {
    const pane = await demo.term.kettle(['secret', 'set', 'STDIN_TYPED', '-R', 'alice/teapot', '--body-file', '-']);
    await pane.asked('Value of STDIN_TYPED (hidden)');
    await pane.type('typed-at-terminal');
    expect(await pane.screen()).not.toContain('typed-at');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(teapotSecrets().find((x) => x.name === 'STDIN_TYPED')?.data).toBe('typed-at-terminal');
  });

  it('Ctrl-C at the prompt sends nothing (exit 130)', async () => {
    const pane = await demo.term.kettle(['secret', 'set', 'ABANDONED', '-R', 'alice/teapot']);
    await pane.asked('Value of ABANDONED (hidden)');
    await pane.type('half');
    await pane.interrupt('kettle: cancelled');
    expect(demo.server.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    expect(teapotSecrets().some((x) => x.name === 'ABANDONED')).toBe(false);
  });

  it('delete asks for the name typed back and deletes only then', async () => {
    const made = await demo.term.shell(`printf 'v\\n' | ${kettleCommand(['secret', 'set', 'DOOMED', '-R', 'alice/teapot'])}`);
    expect((await made.exit()).code).toBe(0);
    const wrong = await demo.term.kettle(['secret', 'delete', 'DOOMED', '-R', 'alice/teapot']);
    await wrong.asked('Type DOOMED to delete the secret from alice/teapot');
    await wrong.type('DOOM');
    await wrong.keys('Enter');
    const refused = await wrong.exit();
    expect(refused.code, refused.screen).toBe(2);
    expect(refused.screen).toContain('kettle: confirmation did not match DOOMED; nothing was deleted');
    const pane = await demo.term.kettle(['secret', 'delete', 'DOOMED', '-R', 'alice/teapot']);
    await pane.asked('Type DOOMED to delete the secret from alice/teapot');
    await pane.type('DOOMED');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('✓ Deleted secret DOOMED of alice/teapot');
    expect(teapotSecrets().some((x) => x.name === 'DOOMED')).toBe(false);
  });
});
