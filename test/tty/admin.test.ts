// admin user create at a real terminal: the password asked for twice without an echo, never shown.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();
beforeAll(() => {
  const alice = demo.server.state.user('alice');
  if (alice) alice.admin = true;
});

describe('admin user create on a terminal', () => {
  it('asks for the password twice at a hidden prompt and never shows it', async () => {
    const password = 'tea for two, two for tea';
    const pane = await demo.term.kettle(['admin', 'user', 'create', 'hatter', '--email', 'hatter@example.com']);
    await pane.asked('Password for hatter (hidden)');
    await pane.type(password);
    const typing = await pane.screen();
    expect(typing).not.toContain('tea for');
    expect(typing).not.toContain('*');
    await pane.keys('Enter');
    await pane.asked('The same password again');
    await pane.type(password);
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toContain('✓ Created user hatter');
    expect(screen).not.toContain('tea for');
    expect(demo.server.state.user('hatter')?.password).toBe(password);
  });

  it('two different passwords: exit 2, nothing sent', async () => {
    const pane = await demo.term.kettle(['admin', 'user', 'create', 'hare', '--email', 'hare@example.com']);
    await pane.asked('Password for hare (hidden)');
    await pane.type('first-password');
    await pane.keys('Enter');
    await pane.asked('The same password again');
    await pane.type('second-password');
    await pane.keys('Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(2);
    expect(screen).toContain('kettle: the two passwords differ; nothing was changed');
    expect(demo.server.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(demo.server.state.user('hare')).toBeUndefined();
  });
});
