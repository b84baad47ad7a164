// git's side of an AGit push (services/agit/agit.go), shared by the servers
// that keep real repositories: the demo playground (git-http.ts) and the
// tests' own git server (test/support/git-http.ts). A push to refs/for/...
// goes through a proc-receive hook that posts the pushed refs and push options
// back to the server, which hands each to routes-ci.ts agitReceive and points
// refs/pull/N/head at the pushed commit.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agitReceive } from './routes-ci.js';
import { extraOf } from './routes-pulls.js';
import type { Repo, State } from './state.js';

/**
 * The proc-receive hook, in node: it speaks git's pkt-line protocol
 * (githooks(5), proc-receive), posts the pushed refs and push options to
 * $KETTLE_AGIT_URL, and reports each ref as the server answers (ok with the
 * refs/pull/N/head it became, or ng with the receive's reason).
 */
const PROC_RECEIVE = String.raw`#!/usr/bin/env node
const http = require('node:http');
let buf = Buffer.alloc(0);
const waiting = [];
process.stdin.on('data', (d) => { buf = Buffer.concat([buf, d]); pump(); });
function pump() {
  while (waiting.length && buf.length >= 4) {
    const len = parseInt(buf.subarray(0, 4).toString(), 16);
    if (len === 0) { buf = buf.subarray(4); waiting.shift()(null); continue; }
    if (buf.length < len) return;
    const line = buf.subarray(4, len).toString().replace(/\n$/, '');
    buf = buf.subarray(len);
    waiting.shift()(line);
  }
}
const next = () => new Promise((r) => { waiting.push(r); pump(); });
async function until() { const out = []; for (;;) { const l = await next(); if (l === null) return out; out.push(l); } }
const pkt = (s) => { const b = Buffer.from(s + '\n'); return (b.length + 4).toString(16).padStart(4, '0') + b.toString(); };
(async () => {
  const hello = await until();
  const withOptions = hello.some((l) => l.split('\0').slice(1).join(' ').includes('push-options'));
  process.stdout.write(pkt('version=1\0' + (withOptions ? 'push-options' : '')) + '0000');
  const commands = (await until()).map((l) => { const [oldSha, newSha, ref] = l.split(' '); return { oldSha, newSha, ref }; });
  const options = withOptions ? await until() : [];
  const body = JSON.stringify({ gitDir: require('node:path').resolve(process.env.GIT_DIR || '.'), user: process.env.REMOTE_USER, commands, options });
  const answer = await new Promise((resolve, reject) => {
    const req = http.request(process.env.KETTLE_AGIT_URL, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''; res.on('data', (d) => (text += d)); res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end(body);
  });
  let out = '';
  for (const r of answer) {
    if (r.error) out += pkt('ng ' + r.ref + ' ' + r.error);
    else out += pkt('ok ' + r.ref) + pkt('option refname ' + r.refname) + pkt('option old-oid ' + r.oldSha) + pkt('option new-oid ' + r.newSha) + (r.forced ? pkt('option forced-update') : '');
  }
  process.stdout.write(out + '0000');
})().catch((e) => { process.stderr.write(String(e) + '\n'); process.exit(1); });
`;

/** Writes the hook into `folder` (made if needed) and returns the folder, for core.hooksPath. */
export function installAgitHook(folder: string): string {
  mkdirSync(folder, { recursive: true });
  const hook = join(folder, 'proc-receive');
  writeFileSync(hook, PROC_RECEIVE);
  chmodSync(hook, 0o755);
  return folder;
}

/** The git settings that route pushes to refs/for/ through the hook in `hooks` (git-config(1) receive.procReceiveRefs). */
export function agitConfig(hooks: string): Array<[string, string]> {
  return [
    ['receive.advertisePushOptions', 'true'],
    ['receive.procReceiveRefs', 'refs/for'],
    ['core.hooksPath', hooks],
  ];
}

/** The same settings as GIT_CONFIG_COUNT/KEY/VALUE variables, for a git run that reads no configuration file. */
export function agitConfigEnv(hooks: string): Record<string, string> {
  const pairs = agitConfig(hooks);
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(pairs.length) };
  pairs.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  return env;
}

export interface AgitPush {
  gitDir: string;
  user: string;
  commands: Array<{ oldSha: string; newSha: string; ref: string }>;
  options: string[];
}

export interface AgitResult {
  ref: string;
  error?: string;
  refname?: string;
  oldSha?: string;
  newSha?: string;
  forced?: boolean;
}

/** What the hook posted, answered: each ref through agitReceive, refs/pull/N/head moved in git. */
export function receiveAgitPush(state: State, repo: Repo | undefined, push: AgitPush, env: NodeJS.ProcessEnv = {}): AgitResult[] {
  const git = (args: string[]) => execFileSync('git', args, { cwd: push.gitDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } }).trim();
  const options: Record<string, string> = {};
  for (const o of push.options) {
    const eq = o.indexOf('=');
    if (eq < 0) options[o] = '';
    else options[o.slice(0, eq)] = o.slice(eq + 1);
  }
  const isAncestor = (older: string, newer: string) => {
    try {
      git(['merge-base', '--is-ancestor', older, newer]);
      return true;
    } catch {
      return false;
    }
  };
  return push.commands.map((c): AgitResult => {
    if (!repo) return { ref: c.ref, error: 'repository not found' };
    const message = /^0+$/.test(c.newSha) ? '' : git(['log', '-1', '--format=%B', c.newSha]);
    const r = agitReceive(state, push.user, repo, { ref: c.ref, oldSha: c.oldSha, newSha: c.newSha, options, commitMessage: message, isAncestor });
    if ('error' in r) return { ref: c.ref, error: r.error };
    const refname = `refs/pull/${r.number}/head`;
    let old = '0'.repeat(40);
    try {
      old = git(['rev-parse', '--verify', '--quiet', refname]);
    } catch {
      // A new pull request: no ref yet.
    }
    git(['update-ref', refname, c.newSha]);
    const pr = state.issue(repo, r.number);
    if (pr) extraOf(state, pr).headSha = c.newSha;
    return { ref: c.ref, refname, oldSha: old, newSha: c.newSha, forced: !r.created && !/^0+$/.test(old) && !isAncestor(old, c.newSha) };
  });
}
