// Real git repositories behind the in-memory server, served over smart HTTP at
// the clone URLs the records name (`<instance>/<owner>/<name>.git`), as a
// Gitea-family server serves them: `git http-backend` does the git side, this
// module the permissions and what a push changes on the server (branches,
// pull-request heads). With git turned on, creating a pull request writes
// refs/pull/N/head, merging one merges in git, a release makes its tag, and
// branches are created and deleted in git too. Branch listing and creation
// (GET and POST /repos/:owner/:repo/branches) are answered with or without git.
// Turned on by enableGit (the demo's playground; tests that need git over HTTP).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { conflict, forbidden, HttpError, invalid, notFound, paginate } from './http.js';
import type { TestServer } from './index.js';
import { extraOf as pullExtraOf, pullRecord } from './routes-pulls.js';
import { releaseData } from './routes-releases.js';
import { type AgitPush, agitConfigEnv, installAgitHook, receiveAgitPush } from './agit-hook.js';
import { actionsData, addWorkflowFile } from './routes-actions.js';
import { canUserPush, ciData, ruleFor } from './routes-ci.js';
import { extraOf as repoExtraOf, gitDirOf, repoData } from './routes-repos.js';
import { type Call, type Flavor, flavorAtLeast, type Handler, type Reply, obj, visibleRepo } from './routes.js';
import { wikiDirOf } from './routes-wiki.js';
import type { Issue, Json, Repo, State, User } from './state.js';
import { tick } from './state.js';

/** Whether this server keeps real repositories (enableGit ran). */
export function gitOn(state: State): boolean {
  return state.extension('git-http', () => ({ on: false })).on;
}

/** git in a folder, quietly, with a fixed identity and no user or system configuration. */
export function git(cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    input: opts.input ?? '',
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', ...opts.env },
  }).trim();
}

export function tryGit(cwd: string, args: string[]): string | undefined {
  try {
    return git(cwd, args);
  } catch {
    return undefined;
  }
}

export function dirOf(state: State, repo: Repo): string | undefined {
  return gitOn(state) ? gitDirOf(repoData(state), repo) : undefined;
}

/** A person as git records one: the user's full name and address. */
function person(state: State, login: string): string {
  const u = state.user(login);
  return `${u?.full_name || login} <${u?.email ?? `${login}@example.com`}>`;
}

function gitDate(iso: string): string {
  return `${Math.floor(Date.parse(iso) / 1000)} +0000`;
}

const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;

/**
 * The bare repository of a record, made on first use: a README on main when
 * the record has branches, and a commit for each further branch (the change a
 * pull request from it proposes). One `git fast-import` writes it all.
 */
export function ensureBare(state: State, repo: Repo): string | undefined {
  const dir = dirOf(state, repo);
  if (dir === undefined || existsSync(dir)) return dir;
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q', '--bare', '-b', 'main']);
  if (repo.branches.length === 0) return dir;
  const owner = state.user(repo.owner) ? repo.owner : (state.org(repo.owner)?.members[0] ?? repo.owner);
  const when = gitDate(repo.created_at);
  const readme = `# ${repo.name}\n${repo.description ? `\n${repo.description}\n` : ''}`;
  let stream = `commit refs/heads/main\nmark :1\nauthor ${person(state, owner)} ${when}\ncommitter ${person(state, owner)} ${when}\n${data('Initial commit\n')}M 100644 inline README.md\n${data(readme)}\n`;
  let mark = 1;
  for (const branch of repo.branches) {
    if (branch === 'main') continue;
    const pr = state.issuesOf(repo).find((i) => i.pull?.head === branch);
    const who = pr?.author ?? owner;
    const at = gitDate(pr?.created_at ?? repo.created_at);
    const file = `${branch.replace(/[^A-Za-z0-9]+/g, '-')}.md`;
    const message = pr ? `${pr.title}\n\n${pr.body}`.trim() : `Work on ${branch}`;
    stream += `commit refs/heads/${branch}\nmark :${++mark}\nauthor ${person(state, who)} ${at}\ncommitter ${person(state, who)} ${at}\n${data(`${message}\n`)}from :1\nM 100644 inline ${file}\n${data(`${message}\n`)}\n`;
  }
  git(dir, ['fast-import', '--quiet'], { input: stream });
  return dir;
}

export function refSha(dir: string, ref: string): string | undefined {
  return tryGit(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
}

/** Whether head merges into base without a conflict (git merge-tree, as Gitea's conflict check does in a temporary repository). */
function mergesCleanly(dir: string, base: string, head: string): boolean {
  const r = spawnSync('git', ['merge-tree', '--write-tree', '--no-messages', base, head], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
  // 1 is a conflict; anything else (a git before 2.38 has no --write-tree) leaves the question to the merge itself.
  return r.status !== 1;
}

/** The branches in git and their commits. */
export function headsOf(dir: string): Map<string, string> {
  const heads = new Map<string, string>();
  for (const line of (tryGit(dir, ['for-each-ref', '--format=%(objectname) %(refname:short)', 'refs/heads']) ?? '').split('\n')) {
    const at = line.indexOf(' ');
    if (at > 0) heads.set(line.slice(at + 1), line.slice(0, at));
  }
  return heads;
}

/**
 * What the server knows of a pull request from git: refs/pull/N/head at the
 * head branch, the head commit, the diff against the merge base, whether it
 * merges cleanly. Gitea does this on creation and after each push to its head
 * or its base.
 */
function trackPull(state: State, repo: Repo, pr: Issue, heads: Map<string, string>): void {
  const dir = dirOf(state, repo);
  const pull = pr.pull;
  if (dir === undefined || !pull || pull.merged || pr.state !== 'open') return;
  const head = heads.get(pull.head);
  const base = heads.get(pull.base);
  if (head === undefined || base === undefined) return;
  git(dir, ['update-ref', `refs/pull/${pr.number}/head`, head]);
  const extra = pullExtraOf(state, pr);
  extra.headSha = head;
  extra.baseSha = base;
  extra.diff = `${git(dir, ['diff', '--no-color', `${base}...${head}`])}\n`;
  extra.mergeable = mergesCleanly(dir, base, head);
}

/**
 * After git changed branches (a push, a merge): the record's branches are
 * git's (known ones kept in order), and the open pull requests whose head or
 * base moved are checked again. `before` is git's branches beforehand.
 */
export function syncBranches(state: State, repo: Repo, before: Map<string, string>): void {
  const dir = dirOf(state, repo);
  if (dir === undefined) return;
  const heads = headsOf(dir);
  repo.branches = [...repo.branches.filter((b) => heads.has(b)), ...[...heads.keys()].filter((b) => !repo.branches.includes(b))];
  repo.updated_at = tick();
  const moved = (b: string | undefined) => b !== undefined && heads.get(b) !== before.get(b);
  for (const pr of state.issuesOf(repo)) if (moved(pr.pull?.head) || moved(pr.pull?.base)) trackPull(state, repo, pr, heads);
  // Pushed tags are the server's tags too (a release for one uses it as it is).
  const tags = new Map<string, string>();
  for (const line of (tryGit(dir, ['for-each-ref', '--format=%(objectname) %(*objectname) %(refname:strip=2)', 'refs/tags']) ?? '').split('\n')) {
    const [sha = '', peeled = '', ...name] = line.split(' ');
    if (name.length > 0) tags.set(name.join(' '), peeled || sha);
  }
  const data = releaseData(state);
  for (const [name, sha] of tags) {
    const known = data.tags.find((t) => t.repoId === repo.id && t.name === name);
    if (known) known.sha = sha;
    else data.tags.push({ repoId: repo.id, name, sha });
  }
}

/** Git refs of branches the record no longer has (deleted through the API) go too. */
function dropDeletedBranches(state: State, repo: Repo): void {
  const dir = dirOf(state, repo);
  if (dir === undefined) return;
  for (const b of headsOf(dir).keys()) if (!repo.branches.includes(b)) git(dir, ['update-ref', '-d', `refs/heads/${b}`]);
}

// Git over HTTP -----------------------------------------------------------

const SMART = /^\/([^/]+)\/([^/]+?)(?:\.git)?\/(info\/refs|git-upload-pack|git-receive-pack)$/;

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): true {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
  return true;
}

/** `git http-backend` for one request, its answer streamed back (the response left open for the caller to end). */
async function httpBackend(req: IncomingMessage, res: ServerResponse, url: URL, user: User | undefined, root: string, pathInfo: string, extra: NodeJS.ProcessEnv): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: pathInfo,
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: url.search.replace(/^\?/, ''),
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
    // http-backend allows receive-pack only for an authenticated user.
    ...(user ? { REMOTE_USER: user.login } : {}),
    ...extra,
    ...(req.headers['content-length'] !== undefined ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
    ...(req.headers['content-encoding'] !== undefined ? { HTTP_CONTENT_ENCODING: req.headers['content-encoding'] } : {}),
    ...(typeof req.headers['git-protocol'] === 'string' ? { GIT_PROTOCOL: req.headers['git-protocol'] } : {}),
  };
  const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  child.on('error', () => undefined);
  req.pipe(child.stdin);
  child.stdin.on('error', () => undefined);
  let head = Buffer.alloc(0);
  let started = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (started) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n') >= 0 ? head.indexOf('\r\n\r\n') + 4 : head.indexOf('\n\n') >= 0 ? head.indexOf('\n\n') + 2 : -1;
    if (end < 0) return;
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const key = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (key === 'status') status = Number.parseInt(value, 10) || 500;
      else headers[key] = value;
    }
    started = true;
    res.writeHead(status, headers);
    res.write(head.subarray(end));
  });
  await new Promise<void>((resolve) => child.on('close', () => resolve()));
  if (!started) res.writeHead(500, { 'content-type': 'text/plain' });
}

/**
 * One smart-HTTP request: clone, fetch or push. routers/web/repo/githttp.go
 * httpBase: anonymous reads of public repositories; anything else asks for
 * credentials (401, Basic realm); a signed-in user without access is told the
 * repository is not found; pushing needs write access.
 */
async function serveGit(state: State, flavor: Flavor, root: string, req: IncomingMessage, res: ServerResponse, url: URL, user: User | undefined, bad: string | undefined): Promise<boolean> {
  const base = new URL(state.webRoot).pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(`${base}/`)) return false;
  const agit = agitOf(state);
  if (req.method === 'POST' && url.pathname === `${base}${agit.path}`) return answerAgit(state, root, req, res);
  const m = SMART.exec(url.pathname.slice(base.length));
  if (!m) return false;
  const [, owner = '', named = '', what = ''] = m;
  const service = what === 'info/refs' ? url.searchParams.get('service') : what;
  if (service !== 'git-upload-pack' && service !== 'git-receive-pack') return plain(res, 403, 'dumb protocol is not supported');
  const push = service === 'git-receive-pack';
  // httpBase: a name ending in ".wiki" is the repository's wiki (unit.TypeWiki), under the same rules.
  const wiki = named.endsWith('.wiki');
  const name = wiki ? named.slice(0, -'.wiki'.length) : named;
  const repo = state.repo(decodeURIComponent(owner), decodeURIComponent(name));
  const ask = { 'www-authenticate': 'Basic realm="Gitea"' };
  if (bad !== undefined) return plain(res, 401, bad, ask);
  if (!user && (!repo || repo.private || push)) return plain(res, 401, 'Unauthorized', ask);
  if (!repo || (user && !state.canSee(user.login, repo))) return plain(res, 404, 'Repository not found');
  if (push && user && !state.canWrite(user.login, repo)) return plain(res, 404, 'Repository not found');
  if (push && repoExtraOf(state, repo).archived) return plain(res, 403, 'This repo is archived. You can view files and clone it, but cannot push or open issues/pull-requests.');
  if (wiki) return serveWiki(state, flavor, req, res, url, user, repo, what, push);
  const dir = ensureBare(state, repo) as string;
  const before = push && req.method === 'POST' ? headsOf(dir) : undefined;

  await httpBackend(req, res, url, user, root, `/${repo.owner}/${repo.name}.git/${what}`, {
    // A push to refs/for/ goes through AGit's receive (agit-hook.ts), which answers at a path only this server knows.
    ...agitConfigEnv(agit.hooks),
    KETTLE_AGIT_URL: `${new URL(state.webRoot).origin}${base}${agit.path}`,
  });
  // What the push changed is in place before git hears the answer end.
  if (before !== undefined) syncBranches(state, repo, before);
  res.end();
  return true;
}

/**
 * The wiki's repository over smart HTTP (routers/web/repo/githttp.go httpBase
 * with isWiki, recorded from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1): with
 * the wiki turned off, a user who had to sign in (a private repository, a
 * push) lacks the unit and is told the repository is not found; anyone else
 * hears "repository wiki is disabled" (403). A wiki never written has no
 * repository: Gitea 1.27.0 answers 500, Gitea 1.23.8 and Forgejo 11.0.1 an
 * advertisement without refs. The wiki's pages are read from git by
 * routes-wiki.ts, so a push changes them as it does on the servers.
 */
async function serveWiki(state: State, flavor: Flavor, req: IncomingMessage, res: ServerResponse, url: URL, user: User | undefined, repo: Repo, what: string, push: boolean): Promise<true> {
  const on = repoExtraOf(state, repo).has_wiki;
  if (!on && (repo.private || push)) return plain(res, 404, 'Repository not found');
  if (!on) return plain(res, 403, 'repository wiki is disabled');
  const dir = wikiDirOf(state, repo);
  if (!existsSync(dir)) {
    const modern = !flavor.forgejo && flavorAtLeast(flavor, '1.24');
    if (modern) return plain(res, 500, 'Internal Server Error');
    const service = what === 'info/refs' ? (url.searchParams.get('service') ?? '') : what;
    const head = `# service=${service}\n`;
    res.writeHead(200, { 'content-type': `application/x-${service}-advertisement`, 'cache-control': 'no-cache, max-age=0, must-revalidate' });
    res.end(what === 'info/refs' ? `${(head.length + 4).toString(16).padStart(4, '0')}${head}0000` : '');
    return true;
  }
  await httpBackend(req, res, url, user, dirname(dir), `/${basename(dir)}/${what}`, {});
  res.end();
  return true;
}

/** The AGit hook's folder (beside the repositories) and the unguessable path its answers are posted to. */
function agitOf(state: State): { hooks: string; path: string } {
  return state.extension('git-http-agit', () => {
    const root = repoData(state).gitRoot ?? '';
    return { hooks: installAgitHook(join(root, '.agit-hooks')), path: `/-/agit-receive/${randomBytes(16).toString('hex')}` };
  });
}

/**
 * What the proc-receive hook posts during a push to refs/for/: each ref
 * through services/agit/agit.go's rules (routes-ci.ts agitReceive), then what
 * the server learns from git about the pull request it opened or moved.
 */
async function answerAgit(state: State, root: string, req: IncomingMessage, res: ServerResponse): Promise<true> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  const push = JSON.parse(text) as AgitPush;
  const [owner = '', file = ''] = push.gitDir.slice(root.length + 1).split('/');
  const repo = state.repo(owner, file.replace(/\.git$/, ''));
  const results = receiveAgitPush(state, repo, push, { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' });
  const dir = repo && dirOf(state, repo);
  for (const r of results) {
    const number = /^refs\/pull\/(\d+)\/head$/.exec(r.refname ?? '')?.[1];
    const pr = repo && number ? state.issue(repo, Number(number)) : undefined;
    const base = pr?.pull && dir ? refSha(dir, `refs/heads/${pr.pull.base}`) : undefined;
    if (!pr || !dir || !base || !r.newSha) continue;
    const extra = pullExtraOf(state, pr);
    extra.baseSha = base;
    extra.diff = `${git(dir, ['diff', '--no-color', `${base}...${r.newSha}`])}\n`;
    extra.mergeable = mergesCleanly(dir, base, r.newSha);
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(results));
  return true;
}

// Branches ----------------------------------------------------------------

/** services/convert ToBranch and ToPayloadCommit: the record of a branch and the protection rule that covers it. */
function branchRecord(c: Call, repo: Repo, name: string): Json {
  const dir = dirOf(c.state, repo);
  const fields = dir === undefined ? undefined : tryGit(dir, ['log', '-1', '--format=%H%x00%an%x00%ae%x00%cn%x00%ce%x00%aI%x00%B', `refs/heads/${name}`, '--']);
  const [sha = createHash('sha1').update(`${repo.id}:${name}`).digest('hex'), an = '', ae = '', cn = '', ce = '', at = repo.updated_at, message = ''] = fields?.split('\0') ?? [];
  const username = (email: string) => c.state.users.find((u) => u.email.toLowerCase() === email.toLowerCase())?.login ?? '';
  const write = c.state.canWrite(c.user.login, repo);
  const rule = ruleFor(c.state, repo, name);
  return {
    name,
    commit: {
      id: sha,
      message: fields === undefined ? '' : `${message.trimEnd()}\n`,
      url: `${c.state.webRoot}/${repo.owner}/${repo.name}/commit/${sha}`,
      author: { name: an, email: ae, username: username(ae) },
      committer: { name: cn, email: ce, username: username(ce) },
      verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
      timestamp: at,
      added: null,
      removed: null,
      modified: null,
    },
    // services/convert/convert.go ToBranch: the matching rule's approvals and checks for every reader, its name for writers.
    protected: rule !== undefined,
    required_approvals: rule?.required_approvals ?? 0,
    enable_status_check: rule?.enable_status_check ?? false,
    // With a rule: its contexts as stored (none is Go's nil, null), and ProtectedBranch.CanUserPush.
    status_check_contexts: rule ? rule.status_check_contexts : [],
    user_can_push: rule ? canUserPush(c.state, c.user.login, repo, rule) : write,
    user_can_merge: write,
    effective_branch_protection_name: rule && write ? rule.rule_name : '',
  };
}

/** routers/api/v1/repo/branch.go ListBranches: newest commit first, then by name; Link and X-Total-Count. */
const listBranches: Handler = (c) => {
  const repo = visibleRepo(c);
  const dir = dirOf(c.state, repo);
  const times = new Map<string, number>();
  if (dir !== undefined && existsSync(dir)) {
    for (const line of (tryGit(dir, ['for-each-ref', '--format=%(refname:short) %(committerdate:unix)', 'refs/heads']) ?? '').split('\n')) {
      const at = line.lastIndexOf(' ');
      if (at > 0) times.set(line.slice(0, at), Number(line.slice(at + 1)));
    }
  }
  const names = [...repo.branches].sort((a, b) => (times.get(b) ?? 0) - (times.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
  const page = paginate(names, c.query, c.url, c.paging);
  return { status: 200, body: page.items.map((n) => branchRecord(c, repo, n)), headers: page.headers };
};

/** Roughly git's check-ref-format for a branch name (the binding's GitRefName). */
function validRef(name: string): boolean {
  return !/[\u0000-\u0020\u007f~^:?*[\\]|\.\.|\/\/|@\{|^[/.]|\/\.|[/.]$|\.lock$|\.lock\//.test(name) && name !== '@';
}

/**
 * routers/api/v1/repo/branch.go CreateBranch: from old_ref_name (a branch,
 * tag or commit), else the deprecated old_branch_name, else the default
 * branch; writers only (reqRepoWriter), never in an archived repository
 * (mustNotBeArchived, 423) or an empty one (404).
 */
const createBranch: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!c.state.canWrite(c.user.login, repo)) throw forbidden('user should have a permission to write to a repo');
  if (repoExtraOf(c.state, repo).archived) throw new HttpError(423, { message: `<Repository ${repo.id}:${repo.owner}/${repo.name}> is archived`, url: '' });
  const body = obj(c.body);
  const problems = [];
  for (const key of ['new_branch_name', 'old_branch_name', 'old_ref_name'] as const) {
    const v = body[key];
    if (key === 'new_branch_name' && (typeof v !== 'string' || v === '')) problems.push({ field: key, code: 'Required' });
    else if (v !== undefined && (typeof v !== 'string' || (v !== '' && !validRef(v)))) problems.push({ field: key, code: 'GitRefName' });
    else if (typeof v === 'string' && v.length > 100) problems.push({ field: key, code: 'MaxSize' });
  }
  if (problems.length) throw invalid('CreateBranchRepoOption', problems);
  if (repo.branches.length === 0) throw notFound(c.state.apiRoot, 'Git Repository is empty.');
  const name = body.new_branch_name as string;
  const oldRef = typeof body.old_ref_name === 'string' ? body.old_ref_name : '';
  const oldBranch = typeof body.old_branch_name === 'string' ? body.old_branch_name : '';
  const dir = ensureBare(c.state, repo);
  let from: string | undefined;
  if (oldRef !== '') {
    from = dir !== undefined ? refSha(dir, oldRef) : repo.branches.includes(oldRef) ? oldRef : undefined;
    // Gitea 1.23 to 1.26 and Forgejo answer a ref they cannot resolve with a bare 500.
    if (from === undefined) throw new HttpError(500, { message: '', url: '' });
  } else if (oldBranch !== '') {
    if (!repo.branches.includes(oldBranch)) throw notFound(c.state.apiRoot, 'The old branch does not exist');
    from = dir !== undefined ? refSha(dir, `refs/heads/${oldBranch}`) : oldBranch;
  } else {
    const def = repoExtraOf(c.state, repo).default_branch;
    from = dir !== undefined ? refSha(dir, `refs/heads/${def}`) : def;
  }
  if (repo.branches.includes(name)) throw conflict('The branch already exists.');
  const tags = releaseData(c.state)
    .tags.filter((t) => t.repoId === repo.id)
    .map((t) => t.name);
  if (tags.includes(name) || (dir !== undefined && refSha(dir, `refs/tags/${name}`) !== undefined)) throw conflict('The branch with the same tag already exists.');
  // A branch "a" blocks "a/b" and the other way round, as git's refs do.
  if (repo.branches.some((b) => b.startsWith(`${name}/`) || name.startsWith(`${b}/`))) throw conflict('The branch with the same name already exists.');
  if (dir !== undefined && from !== undefined) git(dir, ['update-ref', `refs/heads/${name}`, from]);
  repo.branches.push(name);
  return { status: 201, body: branchRecord(c, repo, name) };
};

/**
 * PATCH …/branches/{branch}: routers/api/v1/repo/branch.go UpdateBranch (Gitea
 * 1.23, Forgejo 11) or RenameBranch (Gitea 1.26 and later), both calling
 * services/repository RenameBranch. Writers only, never archived (423); body
 * `name` Required;GitRefName;MaxSize(100) (422); an empty repository 404; the
 * same name or one that exists 422 ("target_exist"); an unknown branch 404.
 * From Gitea 1.24 only a repository admin renames the default branch or one a
 * rule names (403). models/git/branch.go RenameBranch: the default branch and
 * a rule named exactly for the branch follow the new name.
 */
const renameBranch: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!c.state.canWrite(c.user.login, repo)) throw forbidden('user should have a permission to write to a repo');
  const extra = repoExtraOf(c.state, repo);
  if (extra.archived) throw new HttpError(423, { message: `<Repository ${repo.id}:${repo.owner}/${repo.name}> is archived`, url: '' });
  const to = obj(c.body).name;
  if (typeof to !== 'string' || to === '') throw invalid('UpdateBranchRepoOption', [{ field: 'name', code: 'Required' }]);
  if (!validRef(to)) throw invalid('UpdateBranchRepoOption', [{ field: 'name', code: 'GitRefName' }]);
  if (to.length > 100) throw invalid('UpdateBranchRepoOption', [{ field: 'name', code: 'MaxSize' }]);
  if (repo.branches.length === 0) throw notFound(c.state.apiRoot, 'Git Repository is empty.');
  const from = c.params.branch ?? '';
  const targetExists = () => new HttpError(422, { message: 'Cannot rename a branch using the same name or rename to a branch that already exists.', url: '' });
  if (from === to || repo.branches.includes(to)) throw targetExists();
  if (!repo.branches.includes(from)) throw notFound(c.state.apiRoot, "Branch doesn't exist.");
  const rules = ciData(c.state).rules.filter((r) => r.repoId === repo.id);
  const named = rules.find((r) => r.rule_name === from);
  if (!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.24') && (from === extra.default_branch || named) && !c.state.canAdmin(c.user.login, repo)) {
    throw forbidden('User must be a repo or site admin to rename default or protected branches.');
  }
  const dir = dirOf(c.state, repo);
  if (dir !== undefined && existsSync(dir)) git(dir, ['branch', '-m', from, to]);
  repo.branches = repo.branches.map((b) => (b === from ? to : b));
  if (extra.default_branch === from) extra.default_branch = to;
  if (named) named.rule_name = to;
  return { status: 204 };
};

// Routes that do their git work around another module's handler -------------

/** The routes after this module's (set by withGit). */
let others: Array<[string, string, Handler]> = [];

/**
 * The handler that answers a route when git is left out: the first of the
 * routes after this module's (so a fuller route another module adds is the
 * one wrapped).
 */
function next(method: string, path: string): Handler {
  const found = others.find(([m, p]) => m === method && p === path);
  if (!found) throw new Error(`no route ${method} ${path} beside git's`);
  return found[2];
}

const pullsCreate: Handler = (c) => next('POST', '/repos/:owner/:repo/pulls')(c);
const pullsMerge: Handler = (c) => next('POST', '/repos/:owner/:repo/pulls/:index/merge')(c);
const branchDelete: Handler = (c) => next('DELETE', '/repos/:owner/:repo/branches/:branch')(c);
const releaseCreate: Handler = (c) => next('POST', '/repos/:owner/:repo/releases')(c);
const tagCreate: Handler = (c) => next('POST', '/repos/:owner/:repo/tags')(c);
const repoCreate: Handler = (c) => next('POST', '/user/repos')(c);

/** services/pull NewPullRequest pushes the head to refs/pull/N/head of the base repository. */
const createPull: Handler = async (c) => {
  const reply = await pullsCreate(c);
  if (reply.status === 201 && gitOn(c.state)) {
    const repo = visibleRepo(c);
    const pr = c.state.issue(repo, (reply.body as Json).number as number);
    const dir = dirOf(c.state, repo);
    if (pr && dir !== undefined) {
      trackPull(c.state, repo, pr, headsOf(dir));
      // The answer is the record as it was before the background check began (routes-pulls.ts createPull).
      const extra = pullExtraOf(c.state, pr);
      const checking = extra.checking;
      extra.checking = 0;
      const body = pullRecord(c, pr);
      extra.checking = checking;
      return { status: 201, body };
    }
  }
  return reply;
};

const MESSAGE_STYLES: Record<string, (pr: Issue) => string> = {
  // services/pull GetDefaultMergeMessage's titles; the API's merge takes the title alone (its body is the web
  // form's), so a squash is "Title (#N)" (recorded from real Gitea 1.23.8 and 1.27.0, Forgejo 11.0.1).
  merge: (pr) => `Merge pull request '${pr.title}' (#${pr.number}) from ${pr.pull?.head} into ${pr.pull?.base}`,
  'rebase-merge': (pr) => `Merge pull request '${pr.title}' (#${pr.number}) from ${pr.pull?.head} into ${pr.pull?.base}`,
  squash: (pr) => `${pr.title} (#${pr.number})`,
};

/**
 * The merge done in git, in a temporary clone as services/pull/merge.go does
 * it, before the record changes; a conflict is a 409 with the style and git's
 * output. The result reaches the repository only when the handler agreed.
 */
const mergePull: Handler = async (c) => {
  const repo = visibleRepo(c);
  const dir = dirOf(c.state, repo);
  const pr = /^\d+$/.test(c.params.index ?? '') ? c.state.issue(repo, Number(c.params.index)) : undefined;
  const style = String(obj(c.body).Do ?? '');
  const extra = pr ? pullExtraOf(c.state, pr) : undefined;
  // A fork's head (headRepoId) is left to the record alone.
  const ready = pr?.pull && !pr.pull.merged && pr.state === 'open' && c.state.canWrite(c.user.login, repo) && extra?.mergeable && extra.headRepoId === undefined;
  if (dir === undefined || !pr?.pull || !ready || !['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only'].includes(style) || obj(c.body).merge_when_checks_succeed === true) {
    const reply = await pullsMerge(c);
    if (dir !== undefined) dropDeletedBranches(c.state, repo);
    return reply;
  }
  ensureBare(c.state, repo);
  const work = mkdtempSync(join(tmpdir(), 'kettle-merge-'));
  try {
    const merger = c.state.user(c.user.login) as User;
    const env = {
      GIT_AUTHOR_NAME: merger.full_name || merger.login,
      GIT_AUTHOR_EMAIL: merger.email,
      GIT_COMMITTER_NAME: merger.full_name || merger.login,
      GIT_COMMITTER_EMAIL: merger.email,
    };
    const { head, base } = pr.pull;
    // routers/api/v1/repo/pull.go MergePullRequest: MergeTitleField or the default title, then a blank line and
    // MergeMessageField when there is one (routes-pulls.ts keeps the same rule for the record).
    const field = (name: string) => {
      const v = obj(c.body)[name] ?? obj(c.body)[name.replace(/[A-Z]/g, (x, i) => `${i > 0 ? '_' : ''}${x.toLowerCase()}`)];
      return typeof v === 'string' ? v.trim() : '';
    };
    const title = field('MergeTitleField') || (MESSAGE_STYLES[style]?.(pr) ?? '');
    const message = field('MergeMessageField') ? `${title}\n\n${field('MergeMessageField')}` : title;
    const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => git(work, args, { env: { ...env, ...extra } });
    try {
      run(['clone', '-q', '--branch', base, dir, '.']);
      // An AGit pull request has no head branch: its commits are refs/pull/N/head (services/pull/merge.go reads the head from there).
      const source = extra?.agit ? `refs/pull/${pr.number}/head` : `refs/heads/${head}`;
      run(['fetch', '-q', 'origin', `${source}:refs/heads/head-branch`]);
      if (style === 'merge') run(['merge', '-q', '--no-ff', '-m', message, 'head-branch']);
      else if (style === 'fast-forward-only') run(['merge', '-q', '--ff-only', 'head-branch']);
      else if (style === 'squash') {
        run(['merge', '-q', '--squash', 'head-branch']);
        // The squashed commit is the poster's, committed by the merger.
        const author = c.state.user(pr.author);
        run(['commit', '-q', '--allow-empty', '-m', message], author ? { GIT_AUTHOR_NAME: author.full_name || author.login, GIT_AUTHOR_EMAIL: author.email } : {});
      } else {
        run(['switch', '-q', 'head-branch']);
        run(['rebase', '-q', base]);
        run(['switch', '-q', base]);
        run(['merge', '-q', style === 'rebase' ? '--ff-only' : '--no-ff', ...(style === 'rebase' ? [] : ['-m', message]), 'head-branch']);
      }
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new HttpError(409, { Style: style, StdOut: String(e.stdout ?? ''), StdErr: String(e.stderr ?? ''), Err: {} });
    }
    const reply = await pullsMerge(c);
    if (reply.status === 200 && pr.pull.merged) {
      const before = headsOf(dir);
      if (style !== 'fast-forward-only' && style !== 'rebase') pullExtraOf(c.state, pr).mergeSha = run(['rev-parse', 'HEAD']);
      run(['push', '-q', 'origin', `HEAD:refs/heads/${base}`]);
      dropDeletedBranches(c.state, repo);
      syncBranches(c.state, repo, before);
    }
    return reply;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

const deleteBranch: Handler = async (c) => {
  const repo = visibleRepo(c);
  const name = c.params.branch ?? '';
  // services/repository/branch.go DeleteBranch: the default branch, then any branch a rule covers
  // (git_model.IsBranchProtected), each a 403 before the branch is looked up.
  if (c.state.canWrite(c.user.login, repo) && name !== repoExtraOf(c.state, repo).default_branch && ruleFor(c.state, repo, name)) throw forbidden('branch protected');
  const reply = await branchDelete(c);
  dropDeletedBranches(c.state, visibleRepo(c));
  return reply;
};

/** services/release CreateRelease: a published release's new tag is made in git, at the target. */
const createRelease: Handler = async (c) => {
  const reply: Reply = await releaseCreate(c);
  const body = reply.body as Json | undefined;
  if (reply.status !== 201 || !body || body.draft === true || !gitOn(c.state)) return reply;
  const repo = visibleRepo(c);
  const dir = ensureBare(c.state, repo);
  const tag = String(body.tag_name);
  if (dir === undefined || refSha(dir, `refs/tags/${tag}`) !== undefined) return reply;
  const sha = refSha(dir, String(body.target_commitish)) ?? refSha(dir, `refs/heads/${String(body.target_commitish)}`);
  if (sha === undefined) return reply;
  git(dir, ['update-ref', `refs/tags/${tag}`, sha]);
  const known = releaseData(c.state).tags.find((t) => t.repoId === repo.id && t.name === tag);
  if (known) known.sha = sha;
  return reply;
};

/** services/release CreateNewTag: the tag made in git at the target's commit, annotated when it has a message. */
const createTag: Handler = async (c) => {
  const reply: Reply = await tagCreate(c);
  const body = reply.body as Json | undefined;
  if (reply.status !== 201 || !body || !gitOn(c.state)) return reply;
  const repo = visibleRepo(c);
  const dir = ensureBare(c.state, repo);
  const tag = String(body.name);
  const requested = obj(c.body).target;
  const target = typeof requested === 'string' && requested !== '' ? requested : repoExtraOf(c.state, repo).default_branch;
  const sha = dir === undefined ? undefined : (refSha(dir, `refs/heads/${target}`) ?? refSha(dir, `refs/tags/${target}`) ?? refSha(dir, target));
  if (dir === undefined || sha === undefined) return reply;
  const message = obj(c.body).message;
  const who = person(c.state, c.user.login);
  const [name = '', email = ''] = who.replace(/>$/, '').split(' <');
  const env = { GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email };
  if (typeof message === 'string' && message !== '') git(dir, ['tag', '-a', '-m', message, tag, sha], { env });
  else git(dir, ['update-ref', `refs/tags/${tag}`, sha]);
  // An annotated tag is an object of its own, which ToTag names as the tag's id and in the commit's url.
  const object = tryGit(dir, ['rev-parse', '--verify', '--quiet', `refs/tags/${tag}`]) ?? sha;
  const known = releaseData(c.state).tags.find((t) => t.repoId === repo.id && t.name === tag);
  if (known) {
    known.sha = sha;
    if (object !== sha) known.object = object;
    else delete known.object;
  }
  const commit = body.commit as Json;
  return { ...reply, body: { ...body, id: object, commit: { ...commit, url: String(commit.url).replace(/[0-9a-f]{40}$/, object), sha } } };
};

/** A repository created through the API gets its git side at once (with a README on main for --init). */
const createRepo: Handler = async (c) => {
  const reply = await repoCreate(c);
  if (reply.status === 201 && gitOn(c.state)) {
    const repo = c.state.repo(c.user.login, String((reply.body as Json).name));
    if (repo) ensureBare(c.state, repo);
  }
  return reply;
};

/**
 * routers/api/v1/repo/file.go CreateFile (services/repository/files
 * ChangeRepoFiles): a commit that adds one file, on `branch` (the default
 * branch when empty) or on `new_branch` made from it; 201 with the file and
 * the commit. Writers only; an archived repository 423; a file that is
 * already there 422; an unknown branch 404. Answered only where the server
 * keeps real repositories (enableGit); otherwise 404, as an empty one would.
 */
const createFile: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!c.state.canWrite(c.user.login, repo)) throw forbidden('user should have a permission to write to a repo');
  if (repoExtraOf(c.state, repo).archived) throw new HttpError(423, { message: `<Repository ${repo.id}:${repo.owner}/${repo.name}> is archived`, url: '' });
  const body = obj(c.body);
  if (typeof body.content !== 'string') throw invalid('CreateFileOptions', [{ field: 'content', code: 'Required' }]);
  const dir = ensureBare(c.state, repo);
  if (dir === undefined || repo.branches.length === 0) throw notFound(c.state.apiRoot, 'Git Repository is empty.');
  const path = c.params.path ?? '';
  const branch = typeof body.branch === 'string' && body.branch !== '' ? body.branch : repoExtraOf(c.state, repo).default_branch;
  const target = typeof body.new_branch === 'string' && body.new_branch !== '' ? body.new_branch : branch;
  const from = refSha(dir, `refs/heads/${branch}`);
  if (from === undefined) throw notFound(c.state.apiRoot, `branch does not exist [name: ${branch}]`);
  if (tryGit(dir, ['cat-file', '-e', `${from}:${path}`]) !== undefined) throw new HttpError(422, { message: `repository file already exists [path: ${path}]`, url: '' });
  const before = headsOf(dir);
  const index = join(mkdtempSync(join(tmpdir(), 'kettle-index-')), 'index');
  const env = { GIT_INDEX_FILE: index };
  try {
    const blob = git(dir, ['hash-object', '-w', '--stdin'], { input: Buffer.from(body.content, 'base64').toString('utf8') });
    git(dir, ['read-tree', from], { env });
    git(dir, ['update-index', '--add', '--cacheinfo', `100644,${blob},${path}`], { env });
    const tree = git(dir, ['write-tree'], { env });
    const who = person(c.state, c.user.login);
    const [name = '', email = ''] = who.replace(/>$/, '').split(' <');
    const message = typeof body.message === 'string' && body.message !== '' ? body.message : `Add ${path}`;
    const sha = git(dir, ['commit-tree', tree, '-p', from], {
      input: `${message}\n`,
      env: { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email },
    });
    git(dir, ['update-ref', `refs/heads/${target}`, sha]);
    syncBranches(c.state, repo, before);
    // A workflow file on the default branch is a workflow the server knows (services/actions DetectWorkflows).
    if (target === repoExtraOf(c.state, repo).default_branch) addWorkflowFile(c.state, repo, path, Buffer.from(body.content, 'base64').toString('utf8'), blob);
    const web = `${c.state.webRoot}/${repo.owner}/${repo.name}`;
    return {
      status: 201,
      body: {
        content: { name: path.split('/').pop(), path, sha: blob, type: 'file', size: Buffer.from(body.content, 'base64').length, html_url: `${web}/src/branch/${target}/${path}` },
        commit: { sha, url: `${c.state.apiRoot}/repos/${repo.owner}/${repo.name}/git/commits/${sha}`, html_url: `${web}/commit/${sha}`, message: `${message}\n`, parents: [{ sha: from }] },
        verification: { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', signer: null, payload: '' },
      },
    };
  } finally {
    rmSync(dirname(index), { recursive: true, force: true });
  }
};

/**
 * A file or a folder of the repository at a ref, read from git (the files a test pushed or made
 * through the contents API); undefined where git holds no such path.
 */
export function treePath(
  state: State,
  repo: Repo,
  ref: string,
  path: string,
): { type: 'file'; text: Buffer; sha: string } | { type: 'dir'; entries: Array<{ name: string; type: 'file' | 'dir'; sha: string; size: number }> } | undefined {
  const dir = dirOf(state, repo);
  if (dir === undefined || repo.branches.length === 0) return undefined;
  const commit = refSha(dir, `refs/heads/${ref.replace(/^refs\/heads\//, '')}`) ?? refSha(dir, ref);
  if (commit === undefined) return undefined;
  const spec = path === '' ? `${commit}^{tree}` : `${commit}:${path}`;
  const kind = tryGit(dir, ['cat-file', '-t', spec]);
  if (kind === 'blob') {
    const text = execFileSync('git', ['cat-file', 'blob', spec], { cwd: dir, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
    return { type: 'file', text, sha: git(dir, ['rev-parse', spec]) };
  }
  if (kind !== 'tree') return undefined;
  const entries = git(dir, ['ls-tree', '-l', spec])
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const [meta = '', name = ''] = l.split('\t');
      const [, type = '', sha = '', size = '0'] = meta.split(/\s+/);
      return { name, type: type === 'tree' ? ('dir' as const) : ('file' as const), sha, size: Number(size) || 0 };
    });
  return { type: 'dir', entries };
}

/**
 * routers/api/v1/repo/file.go GetContents: a file's record with its text in base64, or a folder's
 * entries (no content), at `ref` or the default branch; 404 where there is nothing. Paths git does
 * not hold fall to the module that keeps records of its own (workflow files).
 */
const contents: Handler = (c) => {
  const repo = visibleRepo(c);
  const path = (c.params.path ?? '').replace(/^\/+|\/+$/g, '');
  const ref = c.query.get('ref') || repoExtraOf(c.state, repo).default_branch;
  const found = treePath(c.state, repo, ref, path);
  if (!found) {
    if (path === '') throw notFound(c.state.apiRoot, 'object does not exist');
    return next('GET', '/repos/:owner/:repo/contents/*filepath')({ ...c, params: { ...c.params, filepath: path } });
  }
  const full = `${repo.owner}/${repo.name}`;
  const entry = (name: string, at: string, type: string, sha: string, size: number, content?: Buffer): Json => ({
    name,
    path: at,
    sha,
    last_commit_sha: null,
    type,
    size,
    encoding: content ? 'base64' : null,
    content: content ? content.toString('base64') : null,
    target: null,
    url: `${c.state.apiRoot}/repos/${full}/contents/${at}?ref=${ref}`,
    html_url: `${c.state.webRoot}/${full}/src/branch/${ref}/${at}`,
    git_url: `${c.state.apiRoot}/repos/${full}/git/${type === 'dir' ? 'trees' : 'blobs'}/${sha}`,
    download_url: type === 'file' ? `${c.state.webRoot}/${full}/raw/branch/${ref}/${at}` : null,
    submodule_git_url: null,
  });
  if (found.type === 'file') return { status: 200, body: entry(path.split('/').pop() ?? path, path, 'file', found.sha, found.text.length, found.text) };
  return { status: 200, body: found.entries.map((e) => entry(e.name, path === '' ? e.name : `${path}/${e.name}`, e.type, e.sha, e.size)) };
};

/** One branch: with git, its commit is git's (as in the list), not the record's stand-in. */
const getBranch: Handler = async (c) => {
  const reply = await next('GET', '/repos/:owner/:repo/branches/:branch')(c);
  const repo = visibleRepo(c);
  const name = c.params.branch ?? '';
  const dir = dirOf(c.state, repo);
  if (reply.status !== 200 || dir === undefined || refSha(dir, `refs/heads/${name}`) === undefined) return reply;
  return { ...reply, body: { ...(reply.body as Json), commit: branchRecord(c, repo, name).commit } };
};

const GIT_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/contents', contents],
  ['GET', '/repos/:owner/:repo/contents/*path', contents],
  ['GET', '/repos/:owner/:repo/branches', listBranches],
  ['GET', '/repos/:owner/:repo/branches/:branch', getBranch],
  ['POST', '/repos/:owner/:repo/branches', createBranch],
  ['DELETE', '/repos/:owner/:repo/branches/:branch', deleteBranch],
  ['PATCH', '/repos/:owner/:repo/branches/:branch', renameBranch],
  ['POST', '/repos/:owner/:repo/pulls', createPull],
  ['POST', '/repos/:owner/:repo/pulls/:index/merge', mergePull],
  ['POST', '/repos/:owner/:repo/releases', createRelease],
  ['POST', '/repos/:owner/:repo/tags', createTag],
  ['POST', '/user/repos', createRepo],
  ['POST', '/repos/:owner/:repo/contents/*path', createFile],
];

/** Every route: git's first (the first route that matches answers), each wrapping the one it stands before. */
export function withGit(routes: Array<[string, string, Handler]>): Array<[string, string, Handler]> {
  others = routes;
  return [...GIT_ROUTES, ...routes];
}

/**
 * Keep real repositories for every record under `root` and serve them over
 * HTTP at the records' clone URLs. Existing records get their git side now:
 * branches, pull-request heads, and the releases' tags.
 */
export function enableGit(server: TestServer, root: string): void {
  const state = server.state;
  state.extension('git-http', () => ({ on: false })).on = true;
  // Forks copy their parent's git folder (routes-repos.ts); clone URLs stay on this server.
  repoData(state).gitRoot = root;
  state.repoViews.push((r, json) => {
    json.clone_url = `${state.webRoot}/${r.owner}/${r.name}.git`;
  });
  for (const repo of state.repos) {
    const dir = ensureBare(state, repo) as string;
    const heads = headsOf(dir);
    for (const pr of state.issuesOf(repo)) trackPull(state, repo, pr, heads);
    for (const tag of releaseData(state).tags.filter((t) => t.repoId === repo.id)) {
      const release = releaseData(state).releases.find((r) => r.repoId === repo.id && r.tag_name === tag.name);
      const sha = refSha(dir, `refs/heads/${release?.target_commitish ?? 'main'}`) ?? refSha(dir, 'refs/heads/main');
      if (sha === undefined) continue;
      git(dir, ['update-ref', `refs/tags/${tag.name}`, sha]);
      tag.sha = sha;
    }
  }
  server.git = (req, res, url, user, bad) => serveGit(state, server.settings.flavor, root, req, res, url, user, bad);
  actionsData(state).headSubject = (repo, ref) => {
    const dir = dirOf(state, repo);
    return dir === undefined ? undefined : tryGit(dir, ['log', '-1', '--format=%s', ref.startsWith('refs/') ? ref : `refs/heads/${ref}`]);
  };
}
