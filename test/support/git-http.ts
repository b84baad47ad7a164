// A git server over http for tests, on 127.0.0.1: git http-backend behind a
// small proxy that demands Basic credentials (a token of the in-memory server
// as the password, as Gitea takes it), with the API requests under /api/
// passed on to the in-memory server, so one URL serves kettle and git alike.
// A push to refs/for/... goes through the proc-receive hook of
// test/server/agit-hook.ts, as Gitea's AGit receive does (services/agit/agit.go).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type AgitPush, agitConfig, installAgitHook, receiveAgitPush } from '../server/agit-hook.js';
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
    const push = JSON.parse(text) as AgitPush;
    const [owner = '', file = ''] = push.gitDir.slice(root.length + 1).split('/');
    const results = receiveAgitPush(api.state, api.state.repo(owner, file.replace(/\.git$/, '')), push, { ...GIT_ENV, HOME: push.gitDir });
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
        KETTLE_AGIT_URL: `${base}/_agit`,
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
  installAgitHook(root);

  return {
    url: base,
    root,
    requests,
    bare(owner, name) {
      const dir = join(root, owner, `${name}.git`);
      mkdirSync(dir, { recursive: true });
      git(dir, ['init', '-q', '--bare', '-b', 'main']);
      for (const [key, value] of agitConfig(root)) git(dir, ['config', key, value]);
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
