// Release assets stream through the kettle process: peak memory (the
// process's maximum resident set, from /usr/bin/time) for a 256 MiB file is
// no more than for a 16 MiB one plus a few MiB, uploading and downloading;
// and Ctrl-C during a download leaves no file under the final name, nor the
// temporary one.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, BIN, type RunResult } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';
import { addRelease, releaseData, removeAssetFiles } from '../server/routes-releases.js';

const s = useServer();
const MiB = 1024 * 1024;

function env(): Record<string, string> {
  return { ...baseEnv(), ...s.ciEnv, HOME: s.configDir, KETTLE_CONFIG_DIR: s.configDir };
}

/** kettle under /usr/bin/time: its result and its peak resident memory in KiB. */
function measured(args: string[]): Promise<RunResult & { peakKiB: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'peak-rss-kib=%M', process.execPath, BIN, ...args], { cwd: s.dir, env: env() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin.end();
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const m = /peak-rss-kib=(\d+)/.exec(stderr);
      if (!m) return reject(new Error(`no peak memory reported: ${stderr}`));
      resolve({ code, signal, stdout, stderr: stderr.replace(m[0], '').trimEnd(), peakKiB: Number(m[1]) });
    });
  });
}

/** A file of `size` bytes made without writing them (sparse): reading it is cheap. */
function sized(name: string, size: number): string {
  const path = join(s.dir, name);
  writeFileSync(path, '');
  truncateSync(path, size);
  return name;
}

describe('streaming', () => {
  it('uploads and downloads a 256 MiB asset in the memory a 16 MiB one takes, plus a few MiB', { timeout: 60_000 }, async () => {
    expectExit(await measured(['release', 'create', 'big', '-R', 'alice/teapot', '--notes', 'sizes']), 0);
    const sizes = { small: 16 * MiB, large: 256 * MiB };
    const peaks: Record<string, { up: number; down: number }> = {};
    for (const [label, size] of Object.entries(sizes)) {
      const up = await measured(['release', 'upload', 'big', sized(`${label}.bin`, size), '-R', 'alice/teapot']);
      expectExit(up, 0);
      const down = await measured(['release', 'download', 'big', '-R', 'alice/teapot', '-p', `${label}.bin`, '-D', 'got']);
      expectExit(down, 0);
      expect(statSync(join(s.dir, 'got', `${label}.bin`)).size).toBe(size);
      peaks[label] = { up: up.peakKiB, down: down.peakKiB };
    }
    const { small, large } = peaks as Record<'small' | 'large', { up: number; down: number }>;
    // Shown in the report: kettle's peak resident memory, in MiB.
    console.log(
      `peak RSS MiB: upload 16 MiB ${(small.up / 1024).toFixed(1)}, 256 MiB ${(large.up / 1024).toFixed(1)}; download 16 MiB ${(small.down / 1024).toFixed(1)}, 256 MiB ${(large.down / 1024).toFixed(1)}`,
    );
    // Measured (16 vs 256 MiB, upload / download): Node 20 +5 / +3 MiB, Node 22
    // +5 / +2, Node 24 +8 to +9 / +2. Node 24's upload keeps more spent buffers
    // alive across the young-generation collections (not yet explained; see
    // README, Releases); 12 MiB still tells a stream (256 MiB would be 240 more).
    const allowanceKiB = 12 * 1024;
    expect(large.up).toBeLessThanOrEqual(small.up + allowanceKiB);
    expect(large.down).toBeLessThanOrEqual(small.down + allowanceKiB);
    // --dir -: the same bytes through a real pipe (the file is all zero bytes).
    const piped = await measured(['release', 'download', 'big', '-R', 'alice/teapot', '-p', 'small.bin', '-D', '-']);
    expectExit(piped, 0);
    expect(piped.stdout.length).toBe(sizes.small);
    expect(/^\0*$/.test(piped.stdout)).toBe(true);
    removeAssetFiles(s.server.state);
  });
});

describe('Ctrl-C during a download', () => {
  it('exits 130 and leaves neither the final file nor the temporary one', async () => {
    // A server that sends half of the asset, then nothing more.
    const size = 4 * MiB;
    const stalling = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(size) });
      res.write(Buffer.alloc(size / 2));
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    const state = s.server.state;
    const repo = state.repo('alice', 'teapot');
    if (!repo) throw new Error('no teapot');
    const release = addRelease(state, repo, 'alice', { tag: 'stall', name: 'Stall' });
    release.assets.push({ id: state.id(), name: 'half.bin', size, download_count: 0, created_at: '2026-01-05T09:00:00Z', uuid: 'stall-uuid', file: '/nonexistent' });
    releaseData(state).downloadRoot = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
    try {
      const child = spawn(process.execPath, [BIN, 'release', 'download', 'stall', '-R', 'alice/teapot'], { cwd: s.dir, env: env() });
      child.stdin.end();
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const done = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      // The temporary file holds the first half once it has arrived.
      const deadline = Date.now() + 15_000;
      const partial = () => readdirSync(s.dir).find((n) => n.endsWith('.kettle-part'));
      while (!(partial() && statSync(join(s.dir, partial() as string)).size === size / 2)) {
        if (Date.now() > deadline) throw new Error(`the download never started: ${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGINT');
      expect(await done).toBe(130);
      expect(stderr).not.toMatch(/\bat |Error/);
      expect(existsSync(join(s.dir, 'half.bin'))).toBe(false);
      expect(readdirSync(s.dir)).toEqual([]);
    } finally {
      releaseData(state).downloadRoot = undefined;
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });
});
