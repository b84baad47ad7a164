// Standard input from a real pipe, which the in-process command tests
// (test/commands/) replace with an in-memory stream: a pipe closed at once,
// and text that arrives in the pipe's own pieces, split wherever they fall.
import { describe, expect, it } from 'vitest';
import { json } from './harness.js';
import { expectUsage, useServer } from './suite.js';

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
