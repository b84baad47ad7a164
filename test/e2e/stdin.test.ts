// Standard input from a real pipe, which the in-process command tests
// (test/commands/) replace with an in-memory stream: a pipe closed at once,
// and text that arrives in the pipe's own pieces, split wherever they fall.
import { spawn } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, baseEnv, json } from '../support/harness.js';
import { expectUsage, useServer } from '../support/suite.js';

const s = useServer();

describe('an empty pipe', () => {
  it.each([
    [['hook', 'add', '-R', 'alice/teapot', '--url', 'https://ci.example.com', '--secret-file', '-'], /--secret-file .*empty/],
    [['login', 'add', '--url', 'http://127.0.0.1:9', '--with-token'], /--with-token: standard input held no token/],
    [['api', '/markdown', '-X', 'POST', '--input', '-'], /--input -: standard input was empty/],
  ])('empty standard input for %j is reported plainly', async (args, message) => {
    const r = await s.kettle(args, { input: '' });
    expectUsage(s, r, message);
    expect(r.stderr).toMatch(/^kettle: [^\n]+\n$/);
  });
});

describe('non-ASCII text through a pipe arrives exactly as typed', () => {
  const mixed = 'Ünïcødé — 中文 العربية עברית 🫖☕️ e\u0301 \u200d👩‍👩‍👧 tab\there';

  it('the same text through standard input', async () => {
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', mixed, '--body-file', '-', '--json'], { input: `${mixed}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ title: string; body: string }>(r)).toMatchObject({ title: mixed, body: `${mixed}\n` });
  });

  it('more than a pipe holds at once, read in pieces that split characters', async () => {
    // A pipe buffer is 64 KiB on Linux: half a megabyte arrives in many reads,
    // and an odd-length prefix shifts the multi-byte characters across their edges.
    const body = `x${`${mixed}\n`.repeat(Math.ceil(500_000 / Buffer.byteLength(`${mixed}\n`)))}`;
    const r = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Piped', '--body-file', '-', '--json'], { input: body });
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ body: string }>(r).body).toBe(body);
  });
});

// A pipe that never ends: kettle must stop reading at its cap, not when memory runs out.
describe.runIf(existsSync('/dev/zero'))('standard input that never ends', () => {
  it.each([
    [['issue', 'create', '-R', 'alice/teapot', '--title', 't', '--body-file', '-'], /^kettle: --body-file - \(standard input\) holds more than 4 MiB/],
    [['issue', 'comment', '1', '-R', 'alice/teapot'], /^kettle: standard input holds more than 4 MiB/],
  ])('%j stops at the cap and exits 2', async (args, message) => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const child = spawn(process.execPath, [BIN, ...args], { env: { ...baseEnv(), HOME: s.configDir, KETTLE_CONFIG_DIR: s.configDir, ...s.ciEnv }, cwd: s.dir, stdio: [zero, 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.stdout?.resume();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, sig) => resolve([c, sig])));
      clearTimeout(timer);
      expect(signal, 'killed after 15 s: it kept reading').toBeNull();
      expect(code, stderr).toBe(2);
      expect(stderr).toMatch(message);
      expect(s.server.requests.filter((q) => q.method !== 'GET')).toHaveLength(0);
    } finally {
      closeSync(zero);
    }
  });
});
