// `npm run bench`: the figures of kettle's performance goals, each as a ratio
// of two medians measured alternately in one run (A, B, A, B, …) so that a
// machine busy with something else slows both sides alike.
//
// The in-memory API server runs as separate processes (dist/dev/server/main.js)
// on 127.0.0.1; every measured command is a fresh process with the same small
// environment (PATH, LANG, a throw-away HOME), so neither side inherits the
// developer's NODE_OPTIONS or extra CA certificates.
//
//   npm run bench                   the whole run, a few minutes
//   npm run bench -- --rounds 5     fewer rounds (quicker, noisier)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// Run from the bundle, dist/dev/tools/bench.js: three folders below the root.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'kettle.cjs');
const SERVER = join(ROOT, 'dist', 'dev', 'server', 'main.js');
const TIME = '/usr/bin/time';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '21' } } });
const ROUNDS = Math.max(3, Number(values.rounds) || 21);

interface Server {
  url: string;
  token: string;
  process: ChildProcess;
}

const servers: Server[] = [];

async function startServer(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    rl.once('line', (l) => {
      rl.close();
      resolve(l);
    });
    child.once('exit', (code) => reject(new Error(`the test server exited with ${code}`)));
  });
  const { url, token } = JSON.parse(line) as { url: string; token: string };
  const server = { url, token, process: child };
  servers.push(server);
  return server;
}

function stopServers(): void {
  for (const s of servers) s.process.kill('SIGTERM');
}

const home = mkdtempSync(join(tmpdir(), 'kettle-bench-'));

function envFor(server: Server, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: home, KETTLE_CONFIG_DIR: home, KETTLE_URL: server.url, KETTLE_TOKEN: server.token, ...extra };
}

interface Command {
  label: string;
  argv: string[];
  env: NodeJS.ProcessEnv;
}

/** Run a command to completion, output discarded; wall time in ms. */
function timeOnce(cmd: Command): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(cmd.argv[0] as string, cmd.argv.slice(1), { env: cmd.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) reject(new Error(`${cmd.label} exited with ${code}: ${stderr.trim()}`));
      else resolve(ms);
    });
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

interface Figure {
  figure: string;
  goal: string;
  a: string;
  b: string;
  medianA: number;
  medianB: number;
  ratio: string;
  met: boolean;
  unit: string;
}

const figures: Figure[] = [];

/** A and B alternately, `rounds` times each after one warm-up of each. */
async function compare(figure: string, a: Command, b: Command, rounds: number): Promise<{ a: number; b: number }> {
  await timeOnce(a);
  await timeOnce(b);
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < rounds; i++) {
    ta.push(await timeOnce(a));
    tb.push(await timeOnce(b));
  }
  process.stderr.write(`  measured: ${figure}\n`);
  return { a: median(ta), b: median(tb) };
}

async function slowerThan(figure: string, goal: number, a: Command, b: Command, rounds: number): Promise<void> {
  const m = await compare(figure, a, b, rounds);
  const ratio = m.a / m.b;
  figures.push({ figure, goal: `≤ ${goal}×`, a: a.label, b: b.label, medianA: m.a, medianB: m.b, ratio: `${ratio.toFixed(2)}×`, met: ratio <= goal, unit: 'ms' });
}

async function fasterThan(figure: string, goal: number, a: Command, b: Command, rounds: number): Promise<void> {
  const m = await compare(figure, a, b, rounds);
  const ratio = m.b / m.a;
  figures.push({ figure, goal: `≥ ${goal}× faster`, a: a.label, b: b.label, medianA: m.a, medianB: m.b, ratio: `${ratio.toFixed(2)}× faster`, met: ratio >= goal, unit: 'ms' });
}

/** Peak resident memory of a command in MiB, from GNU time's %M (KiB). */
function peakRss(cmd: Command): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ['-f', 'peak-rss-kib %M', ...cmd.argv], { env: cmd.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => {
      const kib = /peak-rss-kib (\d+)/.exec(stderr)?.[1];
      if (code !== 0 || kib === undefined) reject(new Error(`${cmd.label} exited with ${code}: ${stderr.trim()}`));
      else resolve(Number(kib) / 1024);
    });
  });
}

const kettle = (server: Server, args: string[], extra: Record<string, string> = {}): Command => ({
  label: `kettle ${args.join(' ')}${Object.entries(extra).map(([k, v]) => ` (${k}=${v})`).join('')}`,
  argv: [process.execPath, BIN, ...args],
  env: envFor(server, extra),
});

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js')) || !existsSync(SERVER)) throw new Error('build first: npm run build');
  const node = process.version;
  process.stderr.write(`kettle bench on Node ${node}, ${ROUNDS} rounds per side\n`);

  // The same request kettle makes, with Node's built-in fetch, in three lines.
  const scriptDir = mkdtempSync(join(tmpdir(), 'kettle-bench-scripts-'));
  const fetchScript = (name: string, path: string): string => {
    const file = join(scriptDir, name);
    writeFileSync(
      file,
      [
        `const res = await fetch(process.env.KETTLE_URL + '/api/v1${path}', { headers: { authorization: 'token ' + process.env.KETTLE_TOKEN, accept: 'application/json' } });`,
        'if (!res.ok) process.exit(1);',
        "process.stdout.write(JSON.stringify(await res.json()) + '\\n');",
      ].join('\n'),
    );
    return file;
  };
  const whoamiScript = fetchScript('whoami.mjs', '/user');
  const firstPageScript = fetchScript('first-page.mjs', '/repos/alice/bulk/issues?state=open&type=issues&limit=30&page=1');

  try {
    // The servers of the long lists start after the start-up figures: seeding
    // 20,000 issues keeps a core busy for a while, which would land on
    // whichever side of a start-up comparison happened to run then.
    const quick = await startServer(['--issues', '100']);

    await slowerThan(
      'kettle --version vs node -e 0',
      1.15,
      kettle(quick, ['--version']),
      { label: 'node -e 0', argv: [process.execPath, '-e', '0'], env: envFor(quick) },
      // About 25 ms a run: three times the rounds cost a few seconds and keep
      // a passing burst of other work on the machine from tipping the ratio.
      ROUNDS * 3,
    );
    await slowerThan(
      'kettle whoami vs a 3-line fetch script',
      1.4,
      kettle(quick, ['whoami']),
      { label: 'fetch GET /user', argv: [process.execPath, whoamiScript], env: envFor(quick) },
      ROUNDS,
    );
    // stdout is a pipe here, so kettle prints its plain (tab-separated) lines,
    // not the terminal table.
    await slowerThan(
      'kettle issue list -R alice/bulk (first page, plain lines: stdout is a pipe) vs a 3-line fetch script',
      1.5,
      kettle(quick, ['issue', 'list', '-R', 'alice/bulk']),
      { label: 'fetch the first page', argv: [process.execPath, firstPageScript], env: envFor(quick) },
      ROUNDS,
    );
    const slow = await startServer(['--issues', '5000', '--latency', '30', '--max-page-size', '50']);
    const big = await startServer(['--issues', '20000']);
    await fasterThan(
      'issue list --all --json, 5,000 issues, page size 50, 30 ms latency: concurrent vs one page after another (the same kettle, KETTLE_CONCURRENCY=1)',
      5,
      kettle(slow, ['issue', 'list', '-R', 'alice/bulk', '--all', '--json']),
      kettle(slow, ['issue', 'list', '-R', 'alice/bulk', '--all', '--json'], { KETTLE_CONCURRENCY: '1' }),
      Math.max(3, Math.round(ROUNDS / 4)),
    );
    if (existsSync(TIME)) {
      const cmd = kettle(big, ['issue', 'list', '-R', 'alice/bulk', '--all', '--json']);
      const peaks: number[] = [];
      for (let i = 0; i < 3; i++) peaks.push(await peakRss(cmd));
      const peak = median(peaks);
      figures.push({
        figure: 'peak memory (RSS) of issue list --all --json of 20,000 issues (median of 3)',
        goal: '≤ 120 MiB',
        a: cmd.label,
        b: '',
        medianA: peak,
        medianB: Number.NaN,
        ratio: `${peak.toFixed(0)} MiB`,
        met: peak <= 120,
        unit: 'MiB',
      });
      process.stderr.write('  measured: peak memory\n');
    } else {
      process.stderr.write(`  skipped: peak memory (${TIME} not found; Debian package "time")\n`);
    }
  } finally {
    stopServers();
    rmSync(home, { recursive: true, force: true });
    rmSync(scriptDir, { recursive: true, force: true });
  }

  process.stdout.write(
    `\nkettle bench, Node ${node}, medians of ${ROUNDS} alternate runs (--version: ${ROUNDS * 3}; the 5,000-issue list: ${Math.max(3, Math.round(ROUNDS / 4))})\n\n`,
  );
  process.stdout.write('| figure | goal | result | medians |\n|---|---|---|---|\n');
  for (const f of figures) {
    const medians = Number.isNaN(f.medianB) ? `${f.medianA.toFixed(0)} ${f.unit}` : `${f.medianA.toFixed(0)} ms vs ${f.medianB.toFixed(0)} ms`;
    process.stdout.write(`| ${f.figure} | ${f.goal} | ${f.ratio} ${f.met ? '(met)' : '(NOT met)'} | ${medians} |\n`);
  }
}

main().catch((err: unknown) => {
  stopServers();
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
