// Start-up at a terminal: process.stdout and process.stderr are terminals'
// streams there (node:tty), and chalk looks at the terminal's colours
// (node:os). bin/kettle.cjs loads them before it sets V8's flags, after which
// a module of Node's would be compiled from source, not from Node's own code
// cache (test/build/startup.test.ts has pipes and files).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from '../support/harness.js';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();
const tmp = tempDir('kettle-tty-startup-');
const preload = join(tmp.path, 'flags.cjs');

beforeAll(() => {
  writeFileSync(
    preload,
    [
      "const v8 = require('node:v8');",
      'const set = v8.setFlagsFromString;',
      'let at;',
      'v8.setFlagsFromString = (flags) => { at ??= process.moduleLoadList.length; return set(flags); };',
      "process.on('exit', () => require('node:fs').writeFileSync(process.env.KETTLE_TEST_AFTER, at === undefined ? 'none' : process.moduleLoadList.join('\\n') + '\\n--- after\\n' + process.moduleLoadList.slice(at).join('\\n')));",
      '',
    ].join('\n'),
  );
});
afterAll(() => tmp.cleanup());

it('whoami at a terminal loads none of Node’s modules after bin/kettle.cjs sets V8’s flags: node:tty and node:os come before', async () => {
  const file = join(tmp.path, 'after-flags.txt');
  const pane = await demo.term.kettle(['whoami'], { env: { NODE_OPTIONS: `--require ${preload}`, KETTLE_TEST_AFTER: file } });
  const { code, screen } = await pane.exit();
  expect(code, screen).toBe(0);
  expect(screen).toMatch(/alice/);
  const [before, after] = readFileSync(file, 'utf8').split('\n--- after\n') as [string, string | undefined];
  expect(after).toBeDefined();
  // It is a terminal's run: node:tty is loaded (before the flags).
  expect(before.split('\n')).toContain('NativeModule tty');
  expect((after ?? '').split('\n').filter((l) => l.startsWith('NativeModule '))).toEqual([]);
});
