// A git server over http for tests, on 127.0.0.1: git http-backend behind a
// small proxy that demands Basic credentials (a token of the in-memory server
// as the password, as Gitea takes it), with the API requests under /api/
// passed on to the in-memory server, so one URL serves kettle and git alike.
// A push to refs/for/... goes through a proc-receive hook that hands the
// push, with its push options, to routes-ci.ts agitReceive, as Gitea's AGit
// receive does (services/agit/agit.go).
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { agitReceive } from '../server/routes-ci.js';
import { extraOf } from '../server/routes-pulls.js';
import type { TestServer } from '../server/index.js';

export interface GitRequest {
  method: string;
  path: string;
  /** The user the credentials belonged to; undefined when none (or wrong ones) came. */
  user: string | undefined;
  /** The Authorization header arrived (its value is never kept). */
  authorized: boolean;
}

export interface GitHttp {
  /** The server URL for kettle and git: http://127.0.0.1:PORT */
  url: string;
  /** Where the bare repositories are: <root>/<owner>/<name>.git */
  root: string;
  requests: GitRequest[];
  /** A bare repository for a repository of the in-memory server, with AGit's receive set up. */
  bare(owner: string, name: string): string;
  close(): Promise<void>;
}

const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.com' };

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...GIT_ENV, HOME: cwd } }).trim();
}

/**
 * The proc-receive hook, in node: it speaks git's pkt-line protocol
 * (githooks(5), proc-receive), posts the pushed refs and push options to the
 * proxy, and reports each ref as the proxy answers (ok with the
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
    const req = http.request(process.env.KETTLE_TEST_AGIT, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
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

export async function startGitHttp(api: TestServer, root: string): Promise<GitHttp> {
  const requests: GitRequest[] = [];
  const apiUrl = new URL(api.url);
  let base = '';

  const userOf = (header: string | undefined): string | undefined => {
    const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
    if (!m) return undefined;
    const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
    const password = decoded.slice(decoded.indexOf(':') + 1);
    return api.state.tokens.find((t) => t.sha1 === password)?.login;
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const out = request({ host: apiUrl.hostname, port: apiUrl.port, path: req.url, method: req.method, headers: { ...req.headers, host: apiUrl.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  };

  const agit = async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const push = JSON.parse(text) as { gitDir: string; user: string; commands: Array<{ oldSha: string; newSha: string; ref: string }>; options: string[] };
    const gitDir = push.gitDir;
    const [owner = '', file = ''] = gitDir.slice(root.length + 1).split('/');
    const repo = api.state.repo(owner, file.replace(/\.git$/, ''));
    const options: Record<string, string> = {};
    for (const o of push.options) {
      const eq = o.indexOf('=');
      if (eq < 0) options[o] = '';
      else options[o.slice(0, eq)] = o.slice(eq + 1);
    }
    const results = push.commands.map((c) => {
      if (!repo) return { ref: c.ref, error: 'repository not found' };
      const message = /^0+$/.test(c.newSha) ? '' : git(gitDir, ['log', '-1', '--format=%B', c.newSha]);
      const isAncestor = (older: string, newer: string) => {
        try {
          git(gitDir, ['merge-base', '--is-ancestor', older, newer]);
          return true;
        } catch {
          return false;
        }
      };
      const r = agitReceive(api.state, push.user, repo, { ref: c.ref, oldSha: c.oldSha, newSha: c.newSha, options, commitMessage: message, isAncestor });
      if ('error' in r) return { ref: c.ref, error: r.error };
      const refname = `refs/pull/${r.number}/head`;
      let old = '0'.repeat(40);
      try {
        old = git(gitDir, ['rev-parse', '--verify', '--quiet', refname]);
      } catch {
        // A new pull request: no ref yet.
      }
      git(gitDir, ['update-ref', refname, c.newSha]);
      const pr = api.state.issue(repo, r.number);
      if (pr) extraOf(api.state, pr).headSha = c.newSha;
      return { ref: c.ref, refname, oldSha: old, newSha: c.newSha, forced: !r.created && !/^0+$/.test(old) && !isAncestor(old, c.newSha) };
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(results));
  };

  const backend = (req: IncomingMessage, res: ServerResponse, url: URL, user: string) => {
    const child = spawn('git', ['http-backend'], {
      env: {
        ...process.env,
        ...GIT_ENV,
        HOME: root,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.replace(/^\?/, ''),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
        GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
        REMOTE_USER: user,
        REMOTE_ADDR: '127.0.0.1',
        KETTLE_TEST_AGIT: `${base}/_agit`,
      },
    });
    req.pipe(child.stdin);
    let head = Buffer.alloc(0);
    let started = false;
    child.stdout.on('data', (d: Buffer) => {
      if (started) {
        res.write(d);
        return;
      }
      head = Buffer.concat([head, d]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      started = true;
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.subarray(0, end).toString().split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      res.writeHead(status, headers);
      res.write(head.subarray(end + 4));
    });
    child.stdout.on('end', () => res.end());
    child.stderr.resume();
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/_agit' && req.method === 'POST') {
      void agit(req, res);
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      forward(req, res);
      return;
    }
    const user = userOf(req.headers.authorization);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, user, authorized: req.headers.authorization !== undefined });
    if (!user) {
      req.resume();
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Gitea"', 'content-type': 'text/plain' });
      res.end('Unauthorized\n');
      return;
    }
    backend(req, res, url, user);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hook = join(root, 'proc-receive');
  mkdirSync(root, { recursive: true });
  writeFileSync(hook, PROC_RECEIVE);
  chmodSync(hook, 0o755);

  return {
    url: base,
    root,
    requests,
    bare(owner, name) {
      const dir = join(root, owner, `${name}.git`);
      mkdirSync(dir, { recursive: true });
      git(dir, ['init', '-q', '--bare', '-b', 'main']);
      git(dir, ['config', 'receive.advertisePushOptions', 'true']);
      git(dir, ['config', 'receive.procReceiveRefs', 'refs/for']);
      git(dir, ['config', 'core.hooksPath', root]);
      git(dir, ['config', 'http.receivepack', 'true']);
      return dir;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
