// `npm run bench`: the figures of kettle's performance goals, each as a ratio
// of two medians measured alternately in one run (A, B, B, A, A, B, …: every
// other turn in the reverse order) so that a machine busy with something else
// slows both sides alike.
//
// The in-memory API server runs as separate processes (dist/dev/server/main.js)
// on 127.0.0.1, serving issues the size of Gitea's (--full-records); every
// measured command is a fresh process with PATH and a throw-away HOME only, so
// neither side inherits the developer's NODE_OPTIONS or extra CA certificates.
// Start-up figures are ratios to bare Node (`node -e 0`), and a command that
// makes one request also to the floor: the same GET through kettle's own HTTP
// set-up alone (test/tools/floor.ts, bundled as the CLI is and run by the same
// bin/kettle.cjs), all three measured in turn. The long list is compared with
// a plain sequential fetch loop, as other clients page.
//
//   npm run bench                   the whole run, a few minutes
//   npm run bench -- --rounds 5     fewer rounds (quicker, noisier)
//   npm run bench -- --only list    some figures only (comma-separated: ca,
//                                   version, help, whoami, page, fetch, tls,
//                                   tree, list, memory, keyring, tlslist)
//   npm run bench -- --bin DIR/bin/kettle.cjs   measure another build (a copy
//                                   of bin/, dist/cli/ and package.json)
//   npm run bench -- --before DIR/bin/kettle.cjs   also measure an earlier
//                                   build (such a copy) in the same turns as
//                                   whoami and the first page: before and after
//                                   in one run
//
// `keyring`: whoami with its token in a real Secret Service (a private
// session bus and GNOME Keyring, started for the figure and stopped after it;
// skipped, saying so, without dbus-daemon, gnome-keyring-daemon and
// secret-tool) against the same login in the config file. `tlslist`: the
// long list over https, the TLS connections it makes, and HTTP/2 with a
// prototype build whose pool offers it (build-cli.mjs --allow-h2).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSecret, type KeyringRef } from '../../src/config/keyring.js';
import { makeTestCertificate, type TestCertificate } from '../support/certificate.js';
import { Desktop, missingDesktopTools } from '../support/desktop.js';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// Run from the bundle, dist/dev/tools/bench.js: three folders below the root.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let BIN = join(ROOT, 'bin', 'kettle.cjs');
const SERVER = join(ROOT, 'dist', 'dev', 'server', 'main.js');
const TIME = '/usr/bin/time';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '21' },
    only: { type: 'string' },
    bin: { type: 'string' },
    before: { type: 'string' },
    'tree-cost': { type: 'string' },
    replay: { type: 'string' },
    latency: { type: 'string', default: '0' },
    'tls-key': { type: 'string' },
    'tls-cert': { type: 'string' },
    h2: { type: 'boolean', default: false },
  },
});
const ROUNDS = Math.max(3, Number(values.rounds) || 21);
const FIGURES = ['ca', 'version', 'help', 'whoami', 'page', 'fetch', 'tls', 'tree', 'list', 'memory', 'keyring', 'tlslist'];
const BUILD_CLI = join(ROOT, 'test', 'tools', 'build-cli.mjs');
const ONLY = new Set(values.only === undefined ? FIGURES : values.only.split(','));
for (const f of ONLY) if (!FIGURES.includes(f)) throw new Error(`--only: no figure "${f}" (${FIGURES.join(', ')})`);
if (values.bin !== undefined) BIN = values.bin;

interface Server {
  url: string;
  token: string;
  process: ChildProcess;
}

/** What a replaying server has seen since it started (see connectionCounts). */
interface Counts {
  /** TCP connections accepted. */
  connections: number;
  /** TLS handshakes completed (the server's secureConnection events). */
  handshakes: number;
  /** Of those, the connections that negotiated HTTP/2 (ALPN h2). */
  h2: number;
  requests: number;
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

/**
 * The long list's server: the in-memory API server (without latency) behind
 * a process that answers each GET it has answered before from what it
 * recorded, after `latency` ms, many at once. The in-memory server is one
 * Node process that renders every 170 KB page itself (several ms of CPU each):
 * it could not serve pages concurrently, which capped any client that asks
 * for several at once, where a real Gitea serves them from several threads.
 * kettle and the sequential fetch loop get the same server (and the first
 * request of each page, recorded then, is a warm-up run of each side).
 */
async function startReplay(upstream: Server, latency: number, tls?: { keyFile: string; certFile: string; h2: boolean }): Promise<Server> {
  const args = ['--replay', upstream.url, '--latency', String(latency), ...(tls ? ['--tls-key', tls.keyFile, '--tls-cert', tls.certFile, ...(tls.h2 ? ['--h2'] : [])] : [])];
  // An IPC channel: the bench asks it for its counts (connectionCounts).
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    rl.once('line', (l) => {
      rl.close();
      resolve(l);
    });
    child.once('exit', (code) => reject(new Error(`the replay server exited with ${code}`)));
  });
  const server = { url: (JSON.parse(line) as { url: string }).url, token: upstream.token, process: child };
  servers.push(server);
  return server;
}

/** A replaying server's counts, asked over its IPC channel. */
function connectionCounts(server: Server): Promise<Counts> {
  return new Promise((resolve) => {
    server.process.once('message', (m) => resolve(m as Counts));
    server.process.send?.('counts');
  });
}

/**
 * `--replay URL --latency MS [--tls-key FILE --tls-cert FILE [--h2]]`: the
 * replaying server (see startReplay), over http, https (HTTP/1.1 only, as
 * node:https serves), or with --h2 HTTP/2 and HTTP/1.1 over TLS (node:http2's
 * secure server with allowHTTP1: ALPN decides, as Gitea and Forgejo behind TLS
 * serve); prints its URL as one JSON line. It counts connections, TLS
 * handshakes and requests, and sends the counts when asked on its IPC channel.
 */
async function replay(upstream: string, latency: number, tls: { key: Buffer; cert: Buffer; h2: boolean } | undefined): Promise<void> {
  const { createServer } = await import('node:http');
  const counts: Counts = { connections: 0, handshakes: 0, h2: 0, requests: 0 };
  interface Recorded {
    status: number;
    headers: [string, string][];
    body: Buffer;
  }
  const recorded = new Map<string, Promise<Recorded>>();
  let origin = '';
  // The same handler for node:http, node:https and node:http2's compatibility API.
  const handler = (req: import('node:http').IncomingMessage | import('node:http2').Http2ServerRequest, res: import('node:http').ServerResponse | import('node:http2').Http2ServerResponse) => {
    counts.requests++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = `${req.method} ${req.url} ${req.headers.authorization ?? ''}`;
      let answer = req.method === 'GET' ? recorded.get(key) : undefined;
      if (answer === undefined) {
        const headers: Record<string, string> = {};
        // HTTP/2's pseudo-headers (:method, :path, …) are not headers to pass on.
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'connection' && !k.startsWith(':')) headers[k] = v;
        answer = fetch(upstream + (req.url ?? '/'), { method: req.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined }).then(async (r) => ({
          status: r.status,
          // The upstream's address in a header (Link) becomes this server's.
          headers: [...r.headers]
            .filter(([k]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k))
            .map(([k, v]) => [k, v.split(upstream).join(origin)] as [string, string]),
          body: Buffer.from(await r.arrayBuffer()),
        }));
        if (req.method === 'GET') recorded.set(key, answer);
      }
      const started = Date.now();
      answer.then(
        (a) =>
          setTimeout(
            () => {
              // An object of headers: HTTP/2's compatibility API takes no flat list.
              const headers: Record<string, string> = Object.fromEntries(a.headers);
              headers['content-length'] = String(a.body.length);
              res.writeHead(a.status, headers);
              res.end(a.body);
            },
            Math.max(0, latency - (Date.now() - started)),
          ),
        () => {
          res.writeHead(502);
          res.end();
        },
      );
    });
  };
  let server: import('node:net').Server;
  if (tls === undefined) {
    server = createServer({ keepAliveTimeout: 60_000 }, handler);
  } else if (!tls.h2) {
    const { createServer: createHttpsServer } = await import('node:https');
    server = createHttpsServer({ key: tls.key, cert: tls.cert, keepAliveTimeout: 60_000 }, handler);
  } else {
    const { createSecureServer } = await import('node:http2');
    server = createSecureServer({ key: tls.key, cert: tls.cert, allowHTTP1: true }, handler);
  }
  server.on('connection', () => counts.connections++);
  server.on('secureConnection', (socket: import('node:tls').TLSSocket) => {
    counts.handshakes++;
    if (socket.alpnProtocol === 'h2') counts.h2++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  origin = `${tls ? 'https' : 'http'}://127.0.0.1:${address.port}`;
  process.stdout.write(`${JSON.stringify({ url: origin })}\n`);
  process.on('message', () => process.send?.({ ...counts }));
  // The bench gone (its channel closed), or done with it.
  process.once('disconnect', () => process.exit(0));
  process.once('SIGTERM', () => process.exit(0));
}

function stopServers(): void {
  for (const s of servers) s.process.kill('SIGTERM');
}

/** The measured commands' HOME, made on first use: the replaying server and the tree-cost runs, which are this file too, need none. */
let home: string | undefined;
function benchHome(): string {
  home ??= mkdtempSync(join(tmpdir(), 'kettle-bench-'));
  return home;
}

/**
 * What every measured command gets: PATH and HOME, nothing else (no LANG, no
 * NODE_OPTIONS, no NODE_EXTRA_CA_CERTS: the last alone adds 40-50 ms to every
 * Node start on some machines; the first figure shows it here). kettle reads
 * its login from HOME, stored once per server by `kettle login add`; the
 * fetch scripts take URL and token as arguments.
 */
function minimalEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: benchHome(), ...extra };
}

/** Store a login for server in the bench's HOME, named after its port; answers `--login NAME`. */
async function loginFor(server: Server, extra: Record<string, string> = {}): Promise<string[]> {
  const name = `bench-${new URL(server.url).port}`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'login', 'add', '--url', server.url, '--name', name, '--with-token'], { env: minimalEnv(extra), stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`login add exited with ${code}: ${stderr.trim()}`))));
    child.stdin.end(server.token);
  });
  return ['--login', name];
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
  return quantile(xs, 0.5);
}

/** The q-quantile of xs (0.5: the median), between the two nearest values where it falls between them. */
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const low = s[Math.floor(at)] as number;
  const high = s[Math.ceil(at)] as number;
  return low + (high - low) * (at - Math.floor(at));
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

/** Something timed in this process rather than a command: its wall time in ms. */
interface Probe {
  label: string;
  time: () => Promise<number>;
}

/** The commands in turn (A, B, C, A, B, C, …), `rounds` times each after one warm-up of each; their medians. */
async function inTurn(figure: string, cmds: (Command | Probe)[], rounds: number): Promise<number[]> {
  return (await timesInTurn(figure, cmds, rounds)).map(median);
}

/**
 * inTurn's times themselves: per command, one a turn. Every other turn runs
 * the commands in the reverse order, so that none always runs after the same
 * one (a command run just after another can find the machine warmer, or
 * busier, for it).
 */
async function timesInTurn(figure: string, cmds: (Command | Probe)[], rounds: number): Promise<number[][]> {
  const once = (cmd: Command | Probe) => ('time' in cmd ? cmd.time() : timeOnce(cmd));
  for (const cmd of cmds) await once(cmd);
  const times: number[][] = cmds.map(() => []);
  const order = cmds.map((_, j) => j);
  for (let i = 0; i < rounds; i++) {
    for (const j of i % 2 === 0 ? order : [...order].reverse()) times[j]?.push(await once(cmds[j] as Command | Probe));
  }
  process.stderr.write(`  measured: ${figure}\n`);
  return times;
}

/** A and B alternately, `rounds` times each after one warm-up of each. */
async function compare(figure: string, a: Command, b: Command, rounds: number): Promise<{ a: number; b: number }> {
  const [ma = Number.NaN, mb = Number.NaN] = await inTurn(figure, [a, b], rounds);
  return { a: ma, b: mb };
}

/**
 * A command that makes one request, its floor (the same GET alone, see
 * floor.ts) and bare Node in turn, in one run: the command against each, and
 * the floor against bare Node.
 */
async function againstFloor(figure: string, goalNode: number, goalFloor: number, cmd: Command, floor: Command, rounds: number): Promise<void> {
  // With --before, the earlier build's same command in the same turns.
  // Its code caches in a folder of their own: a build whose bundle is the
  // same (only bin/kettle.cjs changed) names its caches alike, and if its V8
  // flags differ, each side would reject the other's and compile from source
  // on every run.
  const before =
    values.before === undefined
      ? undefined
      : {
          ...cmd,
          label: `${cmd.label} (--before)`,
          argv: cmd.argv.map((a) => (a === BIN ? (values.before as string) : a)),
          env: { ...cmd.env, XDG_CACHE_HOME: join(benchHome(), 'before-cache') },
        };
  const times = await timesInTurn(figure, [cmd, floor, bareNode, ...(before ? [before] : [])], rounds);
  const [c = Number.NaN, f = Number.NaN, n = Number.NaN, b = Number.NaN] = times.map(median);
  // The machine's speed drifts over a run (shared, and busy in turns): the
  // ratio within each turn, the command against the floor run just after it,
  // drifts less than the ratio of the two medians. Said beside it, not a goal.
  const turns = (times[0] ?? []).map((t, i) => t / (times[1]?.[i] ?? Number.NaN));
  const perTurn = median(turns);
  // The middle half of those ratios says how far one run of the bench can
  // move the figure: on this 2-core machine one ratio has moved by more than
  // the goal's margin from run to run (test/tools/BENCH.md).
  const spread = `${quantile(turns, 0.25).toFixed(2)}–${quantile(turns, 0.75).toFixed(2)}×`;
  const push = (what: string, goal: number, a: Command, b: Command, ma: number, mb: number) =>
    figures.push({
      figure: what,
      goal: Number.isFinite(goal) ? `≤ ${goal}×` : '(none)',
      a: a.label,
      b: b.label,
      medianA: ma,
      medianB: mb,
      ratio: `${(ma / mb).toFixed(2)}×`,
      met: ma / mb <= goal,
      unit: 'ms',
    });
  push(`${figure} vs node -e 0`, goalNode, cmd, bareNode, c, n);
  push(`${figure} vs its floor (${floor.label})`, goalFloor, cmd, floor, c, f);
  figures.push({
    figure: `${figure} vs its floor, the median of each turn's ratio (the middle half of them: ${spread})`,
    goal: '(none)',
    a: cmd.label,
    b: floor.label,
    medianA: c,
    medianB: f,
    ratio: `${perTurn.toFixed(2)}×`,
    met: true,
    unit: 'ms',
  });
  push(`the floor: ${floor.label} vs node -e 0`, Number.POSITIVE_INFINITY, floor, bareNode, f, n);
  if (before) {
    push(`before (--before): ${figure} vs node -e 0`, Number.POSITIVE_INFINITY, before, bareNode, b, n);
    push(`before (--before): ${figure} vs its floor`, Number.POSITIVE_INFINITY, before, floor, b, f);
    push(`after vs before: ${figure}`, Number.POSITIVE_INFINITY, cmd, before, c, b);
  }
}

async function slowerThan(figure: string, goal: number, a: Command, b: Command, rounds: number): Promise<void> {
  const m = await compare(figure, a, b, rounds);
  const ratio = m.a / m.b;
  figures.push({ figure, goal: Number.isFinite(goal) ? `≤ ${goal}×` : '(none)', a: a.label, b: b.label, medianA: m.a, medianB: m.b, ratio: `${ratio.toFixed(2)}×`, met: ratio <= goal, unit: 'ms' });
}

async function fasterThan(figure: string, goal: number, a: Command, b: Command, rounds: number): Promise<void> {
  const m = await compare(figure, a, b, rounds);
  const ratio = m.b / m.a;
  figures.push({ figure, goal: `≥ ${goal}× faster`, a: a.label, b: b.label, medianA: m.a, medianB: m.b, ratio: `${ratio.toFixed(2)}× faster`, met: ratio >= goal, unit: 'ms' });
}

/** What GNU time reports of a command run once with `format`; rejected when the command fails. */
function gnuTime(cmd: Command, format: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ['-f', format, ...cmd.argv], { env: cmd.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(stderr) : reject(new Error(`${cmd.label} exited with ${code}: ${stderr.trim()}`))));
  });
}

/** Peak resident memory of a command in MiB, from GNU time's %M (KiB). */
async function peakRss(cmd: Command): Promise<number> {
  const report = await gnuTime(cmd, 'peak-rss-kib %M');
  const kib = /peak-rss-kib (\d+)/.exec(report)?.[1];
  if (kib === undefined) throw new Error(`${cmd.label}: no peak memory in GNU time's report: ${report.trim()}`);
  return Number(kib) / 1024;
}

/** CPU time (user + system) of a command in ms, from GNU time's %U and %S; NaN without it. */
async function cpuTime(cmd: Command): Promise<number> {
  if (!existsSync(TIME)) return timeOnce(cmd).then(() => Number.NaN);
  const report = await gnuTime(cmd, 'cpu-seconds %U %S');
  const m = /cpu-seconds ([\d.]+) ([\d.]+)/.exec(report);
  if (m === null) throw new Error(`${cmd.label}: no CPU time in GNU time's report: ${report.trim()}`);
  return (Number(m[1]) + Number(m[2])) * 1000;
}

const kettle = (args: string[], extra: Record<string, string> = {}): Command => ({
  label: `kettle ${args.filter((a, i) => a !== '--login' && args[i - 1] !== '--login').join(' ')}${Object.entries(extra)
    .map(([k, v]) => ` (${k}=${v})`)
    .join('')}`,
  argv: [process.execPath, BIN, ...args],
  env: minimalEnv(extra),
});
const bareNode: Command = {
  label: 'node -e 0',
  argv: [process.execPath, '-e', '0'],
  // Asked for when measured: a process that only replays or builds a tree makes no HOME.
  get env() {
    return minimalEnv();
  },
};

/**
 * `--tree-cost whole|branch`, in a fresh process: how long the command
 * definitions take to evaluate and the commander tree to build, cold (the
 * first and only time, as in a real run). Printed as one JSON line.
 */
async function treeCost(which: string): Promise<void> {
  const t0 = performance.now();
  const { ENTRIES, loadCommands } = await import('../../src/commands/index.js');
  const t1 = performance.now();
  const { buildProgram } = await import('../../src/cli/program.js');
  const sink = { write: () => true, isTTY: false };
  const streams = { stdin: undefined, stdout: sink, stderr: sink, env: {} } as unknown as Parameters<typeof buildProgram>[0]['streams'];
  // whole: every definition evaluated, then the tree built; branch: whoami's, its definitions loaded as its command line loads them.
  const t2 = performance.now();
  const definitions = which === 'whole' ? await loadCommands() : [];
  const t3 = performance.now();
  await buildProgram({ streams, version: '0', onContext: () => undefined }, which === 'whole' ? undefined : ['whoami']);
  const t4 = performance.now();
  const verbs = (which === 'whole' ? definitions : await loadCommands()).reduce((n, e) => n + ('verbs' in e ? e.verbs.length : 1), 0);
  process.stdout.write(`${JSON.stringify({ verbs, entries: ENTRIES.length, manifestMs: t1 - t0, definitionsMs: t3 - t2, buildMs: t4 - t3 })}\n`);
}

function output(cmd: string[], env: NodeJS.ProcessEnv, stderr: 'inherit' | 'ignore' = 'inherit'): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd[0] as string, cmd.slice(1), { env, stdio: ['ignore', 'pipe', stderr] });
    child.once('error', reject);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd.join(' ')} exited with ${code}`))));
  });
}

/**
 * A test certificate for 127.0.0.1, made now by openssl (the bench's alone,
 * in its temporary folder, valid one day); undefined without openssl.
 */
async function testCertificate(dir: string): Promise<TestCertificate | undefined> {
  const made = { keyFile: join(dir, 'bench-test-key.pem'), certFile: join(dir, 'bench-test-cert.pem') };
  if (existsSync(made.certFile)) return made;
  try {
    return makeTestCertificate(dir, { name: 'bench-test-' });
  } catch {
    return undefined;
  }
}

/** A figure of ratios with no goal, as the TLS and keyring figures push them. */
function pushRatio(figure: string, a: { label: string }, b: { label: string }, ma: number, mb: number): void {
  figures.push({ figure, goal: '(none)', a: a.label, b: b.label, medianA: ma, medianB: mb, ratio: `${(ma / mb).toFixed(2)}×`, met: true, unit: 'ms' });
}

/**
 * What https costs a command: the in-memory server behind TLS with the test
 * certificate (testCertificate), trusted through NODE_EXTRA_CA_CERTS, which
 * has Node build its store of root certificates at start (a first https
 * request builds it otherwise): every command of these figures runs with it.
 * kettle whoami over https, its floor over https, kettle whoami over plain
 * http and bare Node in turn.
 */
async function tlsFigures(dir: string, plainLogin: string[], floorCmd: (label: string, server: Server, path: string) => Command): Promise<void> {
  const certificate = await testCertificate(dir);
  if (certificate === undefined) {
    process.stderr.write('  skipped: tls (openssl not found)\n');
    return;
  }
  const { keyFile, certFile } = certificate;
  const ca = { NODE_EXTRA_CA_CERTS: certFile };
  const secure = await startServer(['--issues', '100', '--full-records', '--tls-key', keyFile, '--tls-cert', certFile]);
  const t = await loginFor(secure, ca);
  const https = kettle([...t, 'whoami'], ca);
  https.label = 'kettle whoami over https';
  // The same NODE_EXTRA_CA_CERTS over http: Node then builds its root store at start, as a first https request otherwise does.
  const http = kettle([...plainLogin, 'whoami'], ca);
  http.label = 'kettle whoami over http';
  const floor = { ...floorCmd('floor GET /user over https', secure, '/user'), env: minimalEnv(ca) };
  const node = { ...bareNode, label: 'node -e 0 (NODE_EXTRA_CA_CERTS: the test certificate)', env: minimalEnv(ca) };
  const [mHttps = Number.NaN, mFloor = Number.NaN, mHttp = Number.NaN, mNode = Number.NaN] = await inTurn('tls', [https, floor, http, node], ROUNDS);
  pushRatio(`TLS: ${https.label} vs ${http.label} (the handshake and certificate check of one command; ${(mHttps - mHttp).toFixed(1)} ms)`, https, http, mHttps, mHttp);
  pushRatio(`TLS: ${https.label} vs its floor (${floor.label})`, https, floor, mHttps, mFloor);
  pushRatio(`TLS: ${floor.label} vs ${node.label}`, floor, node, mFloor, mNode);
  pushRatio(`TLS: ${https.label} vs ${node.label}`, https, node, mHttps, mNode);
}

/** Store a login in a HOME of its own (its token on stdin); the config file it wrote. */
async function loginInto(
  homeDir: string,
  server: Server,
  name: string,
  extraArgs: string[],
  env: Record<string, string>,
): Promise<{ logins: Record<string, { token?: string; keyring?: KeyringRef }> }> {
  const { readFileSync } = await import('node:fs');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'login', 'add', '--url', server.url, '--name', name, '--with-token', ...extraArgs], {
      env: { ...minimalEnv(env), HOME: homeDir },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`login add exited with ${code}: ${stderr.trim()}`))));
    child.stdin.end(server.token);
  });
  return JSON.parse(readFileSync(join(homeDir, '.config', 'kettle', 'config.json'), 'utf8'));
}

/**
 * What the keyring costs a command: a private session bus and GNOME Keyring
 * on it (test/support/desktop.ts, as the keyring tests start them), the same
 * login stored twice with `kettle login add --with-token`, in a HOME of its
 * own each: in the keyring, and with --insecure-storage in the config file.
 * whoami with each, the keyring read alone (getSecret of
 * src/config/keyring.ts, timed here: the helper process kettle starts, Node
 * and the binding in it, the D-Bus exchange), secret-tool's lookup of the
 * same item (a C client: the D-Bus exchange and a small process) and bare
 * Node, in turn. Every command gets the bus's address, so the two whoami
 * differ only in where the token is.
 */
async function keyringFigures(server: Server): Promise<void> {
  const missing = missingDesktopTools();
  if (missing.length > 0) {
    process.stderr.write(`  skipped: keyring (${missing.join(', ')} not found; Debian: dbus, gnome-keyring, libsecret-tools)\n`);
    return;
  }
  const desk = new Desktop({ PATH: process.env.PATH ?? '/usr/bin:/bin' });
  const inKeyring = mkdtempSync(join(tmpdir(), 'kettle-bench-keyring-'));
  const inFile = mkdtempSync(join(tmpdir(), 'kettle-bench-file-'));
  try {
    await desk.start();
    const bus = { DBUS_SESSION_BUS_ADDRESS: desk.address };
    const kept = (await loginInto(inKeyring, server, 'bench', [], bus)).logins.bench;
    const plain = (await loginInto(inFile, server, 'bench', ['--insecure-storage'], bus)).logins.bench;
    const ref = kept?.keyring;
    if (ref === undefined || kept?.token !== undefined) throw new Error('keyring: login add did not keep the token in the keyring');
    if (plain?.token === undefined) throw new Error('keyring: login add --insecure-storage did not keep the token in the config file');
    const whoami = (home: string, label: string): Command => ({ label, argv: [process.execPath, BIN, 'whoami'], env: { ...minimalEnv(bus), HOME: home } });
    const withKeyring = whoami(inKeyring, 'kettle whoami, its token in the keyring');
    const withFile = whoami(inFile, 'kettle whoami, its token in the config file (--insecure-storage)');
    const readEnv = { ...minimalEnv(bus), HOME: inKeyring };
    const read: Probe = {
      label: 'a keyring read (getSecret: secret-tool where installed, else its helper process)',
      time: async () => {
        const started = process.hrtime.bigint();
        const secret = await getSecret(readEnv, ref);
        if (secret !== server.token) throw new Error('keyring: the read did not give the stored token');
        return Number(process.hrtime.bigint() - started) / 1e6;
      },
    };
    const lookup: Command = {
      label: 'secret-tool lookup of the same item',
      argv: ['secret-tool', 'lookup', 'service', ref.service, 'username', ref.account],
      env: { ...minimalEnv(bus), HOME: inKeyring },
    };
    const node = { ...bareNode, env: minimalEnv(bus) };
    const [mKeyring = Number.NaN, mFile = Number.NaN, mRead = Number.NaN, mLookup = Number.NaN, mNode = Number.NaN] = await inTurn('keyring', [withKeyring, withFile, read, lookup, node], ROUNDS);
    pushRatio(`keyring: ${withKeyring.label} vs ${withFile.label} (${(mKeyring - mFile).toFixed(1)} ms more a command)`, withKeyring, withFile, mKeyring, mFile);
    // CPU time (user + system, the helper process included), which a busy machine moves less than wall time.
    const cpu: [number[], number[]] = [[], []];
    for (let i = 0; i < 7; i++) for (const [j, cmd] of [withKeyring, withFile].entries()) cpu[j]?.push(await cpuTime(cmd));
    const [cKeyring, cFile] = cpu.map(median) as [number, number];
    if (Number.isFinite(cKeyring))
      pushRatio(
        `keyring: CPU time (user + system, median of 7 alternate runs), ${withKeyring.label} vs ${withFile.label} (${(cKeyring - cFile).toFixed(0)} ms more a command)`,
        withKeyring,
        withFile,
        cKeyring,
        cFile,
      );
    pushRatio(`keyring: ${read.label} vs node -e 0`, read, node, mRead, mNode);
    pushRatio(`keyring: ${lookup.label} vs node -e 0`, lookup, node, mLookup, mNode);
    pushRatio(`keyring: ${withFile.label} vs node -e 0`, withFile, node, mFile, mNode);
  } finally {
    await desk.stop();
    rmSync(inKeyring, { recursive: true, force: true });
    rmSync(inFile, { recursive: true, force: true });
  }
}

/**
 * The long list over TLS: `issue list --all --json` of the 5,000 issues at
 * 30 ms a page from replaying servers (startReplay): over http, over https
 * (HTTP/1.1 only, as node:https serves), and over https from a server that
 * also speaks HTTP/2 (ALPN decides, as Gitea and Forgejo serve behind TLS).
 * This build against each, and two prototypes built now (build-cli.mjs
 * --allow-h2): allowH2 alone, and allowH2 with pipelining 16 (undici 7 has a
 * connection carry no more requests at once than `pipelining`, HTTP/2 or
 * not), that one also against the HTTP/1.1 server, where it pipelines. Each
 * server counts the TCP connections, TLS handshakes (its secureConnection
 * events) and requests it gets: three counted runs of each command first
 * (their medians, and kettle's CPU time in them), then the timed turns.
 */
async function tlsListFigures(dir: string, upstream: Server): Promise<void> {
  const certificate = await testCertificate(dir);
  if (certificate === undefined) {
    process.stderr.write('  skipped: tlslist (openssl not found)\n');
    return;
  }
  const ca = { NODE_EXTRA_CA_CERTS: certificate.certFile };
  const prototype = async (name: string, args: string[]): Promise<string> => {
    await output([process.execPath, BUILD_CLI, '--allow-h2', join(dir, name), ...args], { PATH: process.env.PATH ?? '/usr/bin:/bin' });
    return join(dir, name, 'bin', 'kettle.cjs');
  };
  const h2Alone = await prototype('allow-h2', []);
  const h2Piped = await prototype('allow-h2-pipelining', ['--pipelining', '16']);
  const plain = await startReplay(upstream, 30);
  const h1 = await startReplay(upstream, 30, { ...certificate, h2: false });
  const both = await startReplay(upstream, 30, { ...certificate, h2: true });
  const list = ['issue', 'list', '-R', 'alice/bulk', '--all', '--json'];
  const side = async (server: Server, label: string, bin = BIN): Promise<Command & { server: Server }> => ({
    label,
    argv: [process.execPath, bin, ...(await loginFor(server, ca)), ...list],
    env: minimalEnv(ca),
    server,
  });
  const H1 = 'https, HTTP/1.1 server';
  const H2 = 'https, HTTP/2 and HTTP/1.1 server';
  const sides = [
    await side(plain, 'kettle, http'),
    await side(h1, `kettle, ${H1}`),
    await side(both, `kettle, ${H2}`),
    await side(both, `prototype allowH2, ${H2}`, h2Alone),
    await side(both, `prototype allowH2 + pipelining 16, ${H2}`, h2Piped),
    await side(h1, `prototype allowH2 + pipelining 16, ${H1}`, h2Piped),
  ];
  const what = 'issue list --all --json, 5,000 issues, page size 50, 30 ms latency';
  for (const cmd of sides) {
    const runs: Counts[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = await connectionCounts(cmd.server);
      cpu.push(await cpuTime(cmd));
      const after = await connectionCounts(cmd.server);
      runs.push({ connections: after.connections - before.connections, handshakes: after.handshakes - before.handshakes, h2: after.h2 - before.h2, requests: after.requests - before.requests });
    }
    const m = (k: keyof Counts) => median(runs.map((r) => r[k]));
    const each = runs.map((r) => r.connections).join(', ');
    const tlsText = cmd.server === plain ? '' : `, ${m('handshakes')} TLS handshakes${m('h2') > 0 ? ` (${m('h2')} of them HTTP/2)` : ''}`;
    figures.push({
      figure: `${what}: ${cmd.label}: TCP connections per list (median of 3 counted runs: ${each}${tlsText}, ${m('requests')} requests; kettle's CPU time, user + system: ${median(cpu).toFixed(0)} ms)`,
      goal: '(none)',
      a: cmd.label,
      b: '',
      medianA: m('connections'),
      medianB: Number.NaN,
      ratio: `${m('connections')}`,
      met: true,
      unit: 'connections',
    });
  }
  const medians = await inTurn('tlslist', sides, Math.max(5, Math.round(ROUNDS / 2)));
  const ratio = (i: number, j: number) => pushRatio(`${what}: ${sides[i]?.label} vs ${sides[j]?.label}`, sides[i] as Command, sides[j] as Command, medians[i] as number, medians[j] as number);
  ratio(1, 0);
  ratio(2, 1);
  ratio(3, 2);
  ratio(4, 2);
  ratio(4, 0);
  ratio(5, 1);
  // One request: what offering HTTP/2 costs a command that makes one (node:http2, loaded when it is negotiated).
  const who = (bin: string, label: string): Command => ({ label, argv: [process.execPath, bin, '--login', `bench-${new URL(both.url).port}`, 'whoami'], env: minimalEnv(ca) });
  const one = who(BIN, `kettle whoami, ${H2}`);
  const oneH2 = who(h2Piped, `prototype allowH2 + pipelining 16: whoami, ${H2}`);
  const [mOne = Number.NaN, mOneH2 = Number.NaN] = await inTurn('tlslist: whoami', [one, oneH2], ROUNDS);
  pushRatio(`${oneH2.label} vs ${one.label}`, oneH2, one, mOneH2, mOne);
}

async function main(): Promise<void> {
  if (values['tree-cost']) return treeCost(values['tree-cost']);
  if (values.replay) {
    const { readFileSync } = await import('node:fs');
    const key = values['tls-key'];
    const cert = values['tls-cert'];
    return replay(values.replay, Number(values.latency), key !== undefined && cert !== undefined ? { key: readFileSync(key), cert: readFileSync(cert), h2: values.h2 === true } : undefined);
  }
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.cjs')) || !existsSync(SERVER)) throw new Error('build first: npm run build');
  const node = process.version;
  process.stderr.write(`kettle bench on Node ${node}, ${ROUNDS} rounds per side\n`);

  // What peers do: Node's built-in fetch, in a few lines.
  const scriptDir = mkdtempSync(join(tmpdir(), 'kettle-bench-scripts-'));
  const script = (name: string, lines: string[]): string => {
    const file = join(scriptDir, name);
    writeFileSync(file, lines.join('\n'));
    return file;
  };
  const headers = "{ headers: { authorization: 'token ' + process.argv[3], accept: 'application/json' } }";
  const fetchOne = script('fetch-one.mjs', [
    `const res = await fetch(process.argv[2], ${headers});`,
    'if (!res.ok) process.exit(1);',
    "process.stdout.write(JSON.stringify(await res.json()) + '\\n');",
  ]);
  // One page after another until a short page, then the records as one JSON array.
  const fetchLoop = script('fetch-loop.mjs', [
    'const all = [];',
    'for (let page = 1; ; page++) {',
    `  const res = await fetch(process.argv[2] + '&page=' + page, ${headers});`,
    '  if (!res.ok) process.exit(1);',
    '  const items = await res.json();',
    '  all.push(...items);',
    '  if (items.length < 50) break;',
    '}',
    "process.stdout.write(JSON.stringify(all, null, 2) + '\\n');",
  ]);
  const fetchCmd = (label: string, file: string, server: Server, path: string): Command => ({
    label,
    argv: [process.execPath, file, `${server.url}/api/v1${path}`, server.token],
    env: minimalEnv(),
  });
  // The floor, bundled now beside a copy of the measured bin/kettle.cjs.
  const floorDir = join(scriptDir, 'floor');
  if (ONLY.has('whoami') || ONLY.has('page') || ONLY.has('tls')) await output([process.execPath, BUILD_CLI, '--floor', floorDir, '--bin', BIN], { PATH: process.env.PATH ?? '/usr/bin:/bin' });
  const floorCmd = (label: string, server: Server, path: string): Command => ({
    ...fetchCmd(label, '', server, path),
    argv: [process.execPath, join(floorDir, 'bin', 'kettle.cjs'), `${server.url}/api/v1${path}`, server.token],
  });

  try {
    // The servers of the long lists start after the start-up figures: seeding
    // 20,000 issues keeps a core busy for a while, which would land on
    // whichever side of a start-up comparison happened to run then.
    const quick = await startServer(['--issues', '100', '--full-records']);
    const q = await loginFor(quick);

    const ca = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt'].find((f) => existsSync(f));
    if (ca && ONLY.has('ca')) {
      await slowerThan(
        'node -e 0 with NODE_EXTRA_CA_CERTS (the system bundle) vs without: why the bench runs with PATH and HOME only',
        Number.POSITIVE_INFINITY,
        { ...bareNode, label: `node -e 0 (NODE_EXTRA_CA_CERTS=${ca})`, env: minimalEnv({ NODE_EXTRA_CA_CERTS: ca }) },
        bareNode,
        ROUNDS,
      );
    }
    // About 25 ms a run: three times the rounds cost a few seconds and keep a
    // passing burst of other work on the machine from tipping the ratio.
    if (ONLY.has('version')) await slowerThan('kettle --version vs node -e 0', 1.15, kettle(['--version']), bareNode, ROUNDS * 3);
    if (ONLY.has('help')) await slowerThan('kettle --help vs node -e 0', 1.5, kettle(['--help']), bareNode, ROUNDS * 3);
    if (ONLY.has('whoami')) await againstFloor('kettle whoami (one request to a local server)', 2.0, 1.1, kettle([...q, 'whoami']), floorCmd('floor GET /user', quick, '/user'), ROUNDS);
    // stdout is a pipe here, so kettle prints its plain (tab-separated) lines, not the terminal table.
    if (ONLY.has('page'))
      await againstFloor(
        'kettle issue list -R alice/bulk (first page, plain lines: stdout is a pipe)',
        2.2,
        1.1,
        kettle([...q, 'issue', 'list', '-R', 'alice/bulk']),
        floorCmd('floor GET the first page', quick, '/repos/alice/bulk/issues?state=open&type=issues&limit=30&page=1'),
        ROUNDS,
      );
    if (ONLY.has('fetch'))
      await slowerThan(
        'for comparison, not a goal: the same first page with fetch vs node -e 0',
        Number.POSITIVE_INFINITY,
        fetchCmd('fetch the first page', fetchOne, quick, '/repos/alice/bulk/issues?state=open&type=issues&limit=30&page=1'),
        bareNode,
        ROUNDS,
      );

    if (ONLY.has('tls')) await tlsFigures(scriptDir, q, floorCmd);
    if (ONLY.has('keyring')) await keyringFigures(quick);

    for (const which of ONLY.has('tree') ? ['whole', 'branch'] : []) {
      const cost = JSON.parse(await output([process.execPath, fileURLToPath(import.meta.url), '--tree-cost', which], minimalEnv())) as {
        verbs: number;
        entries: number;
        manifestMs: number;
        definitionsMs: number;
        buildMs: number;
      };
      // Only the manifest (a name and a loader per top-level command) grows with the tree for a command that builds its branch.
      const per10 = which === 'whole' ? (cost.buildMs / cost.verbs) * 10 : (cost.manifestMs / cost.verbs) * 10;
      figures.push({
        figure:
          which === 'whole'
            ? `building the whole tree (help at a width other than 80, completion, an unknown command): ${cost.verbs} commands, their definitions evaluated in ${cost.definitionsMs.toFixed(1)} ms and built in ${cost.buildMs.toFixed(1)} ms; building, per 10 commands`
            : `start-up cost per 10 commands in the tree for a command that builds only its branch (the manifest of ${cost.entries} top-level commands: ${cost.manifestMs.toFixed(2)} ms for ${cost.verbs} commands; whoami's definitions and branch: ${cost.buildMs.toFixed(1)} ms, the same for any tree size)`,
        goal: which === 'whole' ? '(none)' : '≤ 1 ms',
        a: '',
        b: '',
        medianA: per10,
        medianB: Number.NaN,
        ratio: `${per10.toFixed(2)} ms`,
        met: which === 'whole' || per10 <= 1,
        unit: 'ms',
      });
    }
    if (ONLY.has('tree')) process.stderr.write('  measured: tree cost\n');

    // The long lists' in-memory server, behind the replaying servers.
    const bulk = ONLY.has('list') || ONLY.has('tlslist') ? await startServer(['--issues', '5000', '--max-page-size', '50', '--full-records']) : undefined;
    if (ONLY.has('list') && bulk) {
      const slow = await startReplay(bulk, 30);
      const s = await loginFor(slow);
      await fasterThan(
        'issue list --all --json, 5,000 Gitea-sized issues, page size 50, 30 ms latency: kettle vs a plain sequential fetch loop in Node',
        7,
        kettle([...s, 'issue', 'list', '-R', 'alice/bulk', '--all', '--json']),
        fetchCmd('fetch loop, one page after another', fetchLoop, slow, '/repos/alice/bulk/issues?state=open&type=issues&limit=50'),
        Math.max(3, Math.round(ROUNDS / 4)),
      );
    }
    if (ONLY.has('tlslist') && bulk) await tlsListFigures(scriptDir, bulk);
    if (!ONLY.has('memory')) {
      // Not asked for (--only).
    } else if (existsSync(TIME)) {
      const big = await startServer(['--issues', '20000', '--full-records']);
      const b = await loginFor(big);
      for (const [args, goal, what] of [
        [['--json'], 100, 'issue list --all --json'],
        [['--jq', '.[].number'], 80, "issue list --all --jq '.[].number'"],
      ] as const) {
        const cmd = kettle([...b, 'issue', 'list', '-R', 'alice/bulk', '--all', ...args]);
        const peaks: number[] = [];
        for (let i = 0; i < 3; i++) peaks.push(await peakRss(cmd));
        const peak = median(peaks);
        figures.push({
          figure: `peak memory (RSS) of ${what}, 20,000 Gitea-sized issues (median of 3)`,
          goal: `≤ ${goal} MiB`,
          a: cmd.label,
          b: '',
          medianA: peak,
          medianB: Number.NaN,
          ratio: `${peak.toFixed(0)} MiB`,
          met: peak <= goal,
          unit: 'MiB',
        });
      }
      process.stderr.write('  measured: peak memory\n');
    } else {
      process.stderr.write(`  skipped: peak memory (${TIME} not found; Debian package "time")\n`);
    }
  } finally {
    stopServers();
    if (home !== undefined) rmSync(home, { recursive: true, force: true });
    rmSync(scriptDir, { recursive: true, force: true });
  }

  process.stdout.write(
    `\nkettle bench, Node ${node}, medians of ${ROUNDS} alternate runs (--version, --help: ${ROUNDS * 3}; the 5,000-issue list: ${Math.max(3, Math.round(ROUNDS / 4))}, over TLS: ${Math.max(5, Math.round(ROUNDS / 2))}); every command with PATH and HOME only\n\n`,
  );
  process.stdout.write('| figure | goal | result | medians |\n|---|---|---|---|\n');
  for (const f of figures) {
    const medians = Number.isNaN(f.medianB) ? `${f.medianA.toFixed(f.unit === 'ms' ? 2 : 0)} ${f.unit}` : `${f.medianA.toFixed(0)} ms vs ${f.medianB.toFixed(0)} ms`;
    const verdict = f.goal === '(none)' ? '' : f.met ? ' (met)' : ' (NOT met)';
    process.stdout.write(`| ${f.figure} | ${f.goal} | ${f.ratio}${verdict} | ${medians} |\n`);
  }
}

main().catch((err: unknown) => {
  stopServers();
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
