// A repository's wiki. Read at Gitea v1.23.8 and v1.27.0, Forgejo v11.0.1
// (the same at v15.0.3): routers/api/v1/repo/wiki.go, and the naming of pages
// in services/wiki/wiki_path.go, ported below function by function. Who may:
// api.go's /wiki group (mustEnableWiki; reqRepoWriter(unit.TypeWiki) and
// mustNotBeArchived on the writes).
//
// The wiki is a real bare git repository per repository, as on the servers
// (services/wiki/wiki.go): InitWiki makes it on the first page written, with
// HEAD at the wiki branch, which is the instance's default branch "main" on
// Gitea 1.23.8 and 1.27.0 (DefaultWikiBranch = setting.Repository.DefaultBranch)
// and on Forgejo 11.0.1 (WikiBranch, likewise); every write is one commit on
// it, by the user who wrote (NewGitSig: the full name or login, the email), and
// every answer (pages, texts, revisions and their commit ids) is read from git.
// test/server/git-http.ts serves it over HTTP as OWNER/NAME.wiki.git.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpError, notFound } from './http.js';
import { extraOf } from './routes-repos.js';
import { type Call, flavorAtLeast, type Handler, list, obj, visibleRepo } from './routes.js';
import type { Json, Repo, State } from './state.js';
import { tick } from './state.js';

/** The wiki branch: the instance's default branch (setting.Repository.DefaultBranch), "main" on the servers kettle is recorded against. */
export const WIKI_BRANCH = 'main';

interface Commit {
  sha: string;
  message: string;
  name: string;
  email: string;
  date: string;
}

/** The folder that holds every wiki of this server, `<root>/<repo id>.wiki.git`; made on first use, removed when the server closes. */
function wikiRoot(state: State): string {
  return state.extension('wiki-git', () => {
    const root = mkdtempSync(join(tmpdir(), 'kettle-wikis-'));
    state.onDispose(() => rmSync(root, { recursive: true, force: true }));
    return root;
  });
}

/** Where a repository's wiki repository is (by the record's id, so a rename or transfer takes it along). */
export function wikiDirOf(state: State, repo: Repo): string {
  return join(wikiRoot(state), `${repo.id}.wiki.git`);
}

/** git in the wiki's repository: no user or system configuration, pathspecs taken literally. */
function git(dir: string, args: string[], opts: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    input: opts.input ?? '',
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1', ...opts.env },
  });
}

/** The wiki branch's commit, or undefined before the first page. */
function headOf(dir: string): string | undefined {
  try {
    return git(dir, ['rev-parse', '--verify', '--quiet', `refs/heads/${WIKI_BRANCH}^{commit}`]).trim() || undefined;
  } catch {
    return undefined;
  }
}

interface Entry {
  mode: string;
  type: string;
  sha: string;
}

/** The files at the top of a commit (the wiki branch unless named), by name, in git's tree order; undefined when there is no such commit (before the first page). */
function entriesOf(dir: string, rev = `refs/heads/${WIKI_BRANCH}`): Map<string, Entry> | undefined {
  if (!existsSync(dir)) return undefined;
  let listing: string;
  try {
    listing = git(dir, ['ls-tree', '-z', rev]);
  } catch {
    return undefined;
  }
  const entries = new Map<string, Entry>();
  for (const line of listing.split('\0')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const [mode = '', type = '', sha = ''] = line.slice(0, tab).split(' ');
    entries.set(line.slice(tab + 1), { mode, type, sha });
  }
  return entries;
}

/** The wiki as git has it: its folder and top-level files. */
interface Wiki {
  dir: string;
  files: Map<string, Entry>;
}

/** The commits of the wiki branch that touched a file, newest first (git log without --follow, as FileCommitsCount and CommitsByFileAndRange). */
function commitsOf(dir: string, file: string, range: { skip?: number; max?: number } = {}): Commit[] {
  const limits = [...(range.skip ? [`--skip=${range.skip}`] : []), ...(range.max !== undefined ? [`--max-count=${range.max}`] : [])];
  const out = git(dir, ['log', '-z', '--format=%H%x00%an%x00%ae%x00%at%x00%B', ...limits, `refs/heads/${WIKI_BRANCH}`, '--', file]);
  const fields = out.split('\0');
  const commits: Commit[] = [];
  for (let i = 0; i + 4 < fields.length; i += 5) {
    const [sha = '', name = '', email = '', at = '0', message = ''] = fields.slice(i, i + 5);
    commits.push({ sha, name, email, date: new Date(Number(at) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'), message });
  }
  return commits;
}

function countOf(dir: string, file: string): number {
  return Number(git(dir, ['rev-list', '--count', `refs/heads/${WIKI_BRANCH}`, '--', file]).trim()) || 0;
}

/** How a write changes the top-level files: names removed, then a text added. */
interface Change {
  remove?: string;
  add?: { name: string; text: string };
}

/**
 * One commit on the wiki branch (updateWikiPage, DeleteWikiPage): InitWiki
 * first (a bare repository, HEAD at the wiki branch), then the tree changed,
 * committed by the user at the server's clock (author and committer alike),
 * the message as given plus a newline (git.CommitTree), the branch moved.
 */
function commitChange(state: State, repo: Repo, login: string, message: string, change: Change): string {
  const dir = wikiDirOf(state, repo);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true });
    git(dir, ['init', '-q', '--bare', '-b', WIKI_BRANCH]);
  }
  const parent = headOf(dir);
  const files = (parent && entriesOf(dir, parent)) || new Map<string, Entry>();
  if (change.remove !== undefined) files.delete(change.remove);
  if (change.add) files.set(change.add.name, { mode: '100644', type: 'blob', sha: git(dir, ['hash-object', '-w', '--stdin'], { input: Buffer.from(change.add.text, 'utf8') }).trim() });
  const tree = git(dir, ['mktree', '-z'], { input: [...files].map(([name, e]) => `${e.mode} ${e.type} ${e.sha}\t${name}\0`).join('') }).trim();
  const user = state.user(login);
  const name = user?.full_name || login;
  const email = user?.email ?? `${login}@example.com`;
  const when = `@${Math.floor(Date.parse(tick()) / 1000)} +0000`;
  const sha = git(dir, ['commit-tree', tree, ...(parent ? ['-p', parent] : [])], {
    input: `${message}\n`,
    env: { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: when, GIT_COMMITTER_NAME: name, GIT_COMMITTER_EMAIL: email, GIT_COMMITTER_DATE: when },
  }).trim();
  git(dir, ['update-ref', `refs/heads/${WIKI_BRANCH}`, sha, ...(parent ? [parent] : [])]);
  return sha;
}

// --- services/wiki/wiki_path.go -------------------------------------------

/** Go's url.QueryEscape. */
function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.QueryUnescape: "+" is a space; a malformed escape is an error (undefined). */
function queryUnescape(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Go's url.PathUnescape ("+" stays). */
function pathUnescape(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

const hasDashMarker = (s: string) => s.endsWith('.-');

/** unescapeSegment: the marker removed, or dashes made spaces; then QueryUnescape (on failure the string as it is). */
function unescapeSegment(s: string): string {
  const bare = hasDashMarker(s) ? s.slice(0, -2) : s.replaceAll('-', ' ');
  return queryUnescape(bare) ?? bare;
}

/** escapeSegToWeb. */
function escapeSegToWeb(s: string, hadDashMarker: boolean): string {
  const marked = hadDashMarker || s.includes('-') || s.endsWith('.md') ? `${s}.-` : s.replaceAll(' ', '-');
  return queryEscape(marked);
}

/** util.PathJoinRelX for the one- and two-element uses here: cleaned, relative, "." when empty. */
function pathJoinRelX(...elems: string[]): string {
  const parts: string[] = [];
  for (const e of elems) {
    for (const seg of e.replaceAll('\\', '/').split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') parts.pop();
      else parts.push(seg);
    }
  }
  return parts.length === 0 ? (elems.every((e) => e === '') ? '' : '.') : parts.join('/');
}

/** WebPathToGitPath. */
export function webPathToGitPath(s: string): string {
  if (s.endsWith('.md')) return pathJoinRelX(pathUnescape(s) ?? s);
  return `${s
    .split('/')
    .map((seg) => escapeSegToWeb(unescapeSegment(seg), hasDashMarker(seg)).replaceAll('%20', ' ').replaceAll('+', ' '))
    .join('/')}.md`;
}

/** GitPathToWebPath: undefined for a file that is no page (not *.md: ErrWikiInvalidFileName). */
function gitPathToWebPath(s: string): string | undefined {
  if (!s.endsWith('.md')) return undefined;
  return s
    .slice(0, -3)
    .split('/')
    .map((seg) => escapeSegToWeb(unescapeSegment(seg), hasDashMarker(seg)))
    .join('/');
}

/** WebPathToUserTitle's display part. */
function webPathToUserTitle(s: string): string {
  let display = s.slice(s.lastIndexOf('/') + 1);
  if (display.endsWith('.md')) display = pathUnescape(display.slice(0, -3)) ?? display.slice(0, -3);
  return unescapeSegment(display);
}

/** UserTitleToWebPath("", title). */
function userTitleToWebPath(title: string): string {
  const path = pathJoinRelX('', escapeSegToWeb(title.trim(), false));
  return path === '' || path === '.' ? 'unnamed' : path;
}

/** WebPathFromRequest: the raw path parameter, cleaned, its slashes kept as %2F. */
function webPathFromRequest(raw: string): string {
  return pathJoinRelX(raw).replaceAll('/', '%2F');
}

/** services/wiki reservedWikiNames, checked on every segment (validateWebPath). */
const RESERVED = ['_pages', '_new', '_edit', 'raw'];

// --- routers/api/v1/repo/wiki.go ------------------------------------------

/** mustEnableWiki: 404 when the repository's wiki unit is off. */
function wikiRepo(c: Call): Repo {
  const repo = visibleRepo(c);
  if (!extraOf(c.state, repo).has_wiki) throw notFound(c.state.apiRoot);
  return repo;
}

/** reqRepoWriter(unit.TypeWiki) and mustNotBeArchived (423). */
function writableWiki(c: Call): Repo {
  const repo = wikiRepo(c);
  if (!c.state.canWrite(c.user.login, repo)) throw new HttpError(403, { message: 'user should have a permission to write to a repo', url: '' });
  if (extraOf(c.state, repo).archived) throw new HttpError(423, { message: 'repo is archived', url: '' });
  return repo;
}

/** The path parameter as it came, undecoded (ctx.PathParamRaw). */
function rawPageParam(c: Call): string {
  return c.url.pathname.slice(c.url.pathname.lastIndexOf('/') + 1);
}

/** findWikiRepoCommit: a wiki never written has no repository (404 "no such file or directory" on Gitea 1.24+; the error list elsewhere). */
function wikiOf(c: Call, repo: Repo): Wiki {
  const dir = wikiDirOf(c.state, repo);
  const files = entriesOf(dir);
  if (files) return { dir, files };
  if (!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.24')) throw new HttpError(404, { message: 'no such file or directory', url: `${c.state.apiRoot}/swagger` });
  throw new HttpError(404, { errors: ['no such file or directory'], message: "The target couldn't be found.", url: `${c.state.apiRoot}/swagger` });
}

/** findEntryForFile: the git path, then its QueryUnescape'd form; a file, never a folder. */
function entryFor(files: Map<string, Entry>, gitPath: string): [string, Entry] | undefined {
  const direct = files.get(gitPath);
  if (direct?.type === 'blob') return [gitPath, direct];
  const other = queryUnescape(gitPath);
  const second = other === undefined ? undefined : files.get(other);
  return other !== undefined && second?.type === 'blob' ? [other, second] : undefined;
}

function commitJson(k: Commit): Json {
  const person = { name: k.name, email: k.email, date: k.date };
  // The servers' field is spelled "commiter" (convert.ToWikiCommit).
  return { sha: k.sha, author: person, commiter: person, message: k.message };
}

/** The page's record: its title, addresses, and the newest commit that touched its file. */
function metaJson(c: Call, repo: Repo, webPath: string, dir: string, file: string): Json {
  const [last] = commitsOf(dir, file, { max: 1 });
  return {
    title: webPathToUserTitle(webPath),
    html_url: `${c.state.webRoot}/${repo.owner}/${repo.name}/wiki/${webPath}`,
    sub_url: webPath,
    last_commit: last ? commitJson(last) : null,
  };
}

/** getWikiPage: 404 for a page that is not there; the text in base64, its commit count, no sidebar or footer here. */
function pageJson(c: Call, repo: Repo, webPath: string): Json {
  const { dir, files } = wikiOf(c, repo);
  const found = entryFor(files, webPathToGitPath(webPath));
  if (!found) throw notFound(c.state.apiRoot);
  const [file, entry] = found;
  const text = execFileSync('git', ['cat-file', 'blob', entry.sha], { cwd: dir, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } });
  return { ...metaJson(c, repo, webPath, dir, file), content_base64: text.toString('base64'), commit_count: countOf(dir, file), sidebar: '', footer: '' };
}

/** Go's %q for the default commit messages: a JSON string is close enough for printable text. */
const quoted = (s: string) => JSON.stringify(s);

/** The base64 content: Go's StdEncoding (padding required); 400 with Go's message otherwise. */
function decodeContent(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  const bad = text.search(/[^A-Za-z0-9+/=]/);
  if (bad >= 0 || text.length % 4 !== 0) {
    throw new HttpError(400, { message: `illegal base64 data at input byte ${bad >= 0 ? bad : text.length - (text.length % 4)}`, url: '' });
  }
  return Buffer.from(text, 'base64').toString('utf8');
}

/** ListWikiPages: the files at the wiki's root, in git's tree order, those that are no *.md (or no regular file) skipped. */
const listPages: Handler = (c) => {
  const repo = wikiRepo(c);
  const { dir, files } = wikiOf(c, repo);
  const pages = [...files].flatMap(([name, entry]) => {
    const webPath = gitPathToWebPath(name);
    return webPath !== undefined && entry.type === 'blob' ? [metaJson(c, repo, webPath, dir, name)] : [];
  });
  return list(c, pages, (p) => p);
};

const getPage: Handler = (c) => {
  const repo = wikiRepo(c);
  return { status: 200, body: pageJson(c, repo, webPathFromRequest(rawPageParam(c))) };
};

/**
 * NewWikiPage: an empty title 400 ("title is required" on Gitea 1.24+; the
 * others format a nil error: "%!s(<nil>)", recorded); the message defaults to
 * `Add "TITLE"`; a reserved name or a page that exists 400 (recorded:
 * "wiki title is reserved: _pages", "wiki page already exists [title: Home.md]").
 */
const newPage: Handler = (c) => {
  const repo = writableWiki(c);
  const body = obj(c.body);
  const title = typeof body.title === 'string' ? body.title : '';
  if (title.trim() === '') throw new HttpError(400, { message: !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.24') ? 'title is required' : '%!s(<nil>)', url: '' });
  const webPath = userTitleToWebPath(title);
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : `Add ${quoted(title)}`;
  const content = decodeContent(body.content_base64);
  const reserved = webPath
    .split('/')
    .map(unescapeSegment)
    .find((s) => RESERVED.includes(s));
  if (reserved !== undefined) throw new HttpError(400, { message: `wiki title is reserved: ${reserved}`, url: '' });
  const gitPath = webPathToGitPath(webPath);
  if (entryFor(entriesOf(wikiDirOf(c.state, repo)) ?? new Map(), gitPath)) throw new HttpError(400, { message: `wiki page already exists [title: ${gitPath}]`, url: '' });
  commitChange(c.state, repo, c.user.login, message, { add: { name: gitPath, text: content } });
  return { status: 201, body: pageJson(c, repo, webPath) };
};

/**
 * EditWikiPage: the new name is UserTitleToWebPath of the title sent, never
 * empty ("unnamed" for none), so a PATCH without a title renames the page;
 * a page that is not there is created under the new name (recorded: 200 and
 * a page "unnamed" from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1). The message
 * defaults to `Update "WEB-PATH"`. A rename onto another page: the servers'
 * EditWikiPage fails (ErrWikiAlreadyExist), a 500.
 */
const editPage: Handler = (c) => {
  const repo = writableWiki(c);
  const body = obj(c.body);
  const oldPath = webPathFromRequest(rawPageParam(c));
  const newPath = userTitleToWebPath(typeof body.title === 'string' ? body.title : '');
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : `Update ${quoted(newPath)}`;
  const content = decodeContent(body.content_base64);
  const files = entriesOf(wikiDirOf(c.state, repo)) ?? new Map<string, Entry>();
  const old = entryFor(files, webPathToGitPath(oldPath));
  const newGit = webPathToGitPath(newPath);
  if (old && old[0] !== newGit && files.has(newGit)) throw new HttpError(500, { message: `wiki page already exists [title: ${newGit}]`, url: '' });
  // A renamed page is a new file: its history (FileCommitsCount, CommitsByFileAndRange, which follow no
  // renames) starts with the rename (recorded: commit_count 1 after a rename from Gitea 1.27.0).
  commitChange(c.state, repo, c.user.login, message, { ...(old ? { remove: old[0] } : {}), add: { name: newGit, text: content } });
  return { status: 200, body: pageJson(c, repo, newPath) };
};

/** DeleteWikiPage: 404 for a page that is not there; otherwise a commit "Delete page %q" (the web path) and 204; the wiki stays, perhaps empty. */
const deletePage: Handler = (c) => {
  const repo = writableWiki(c);
  const { files } = wikiOf(c, repo);
  const webPath = webPathFromRequest(rawPageParam(c));
  const found = entryFor(files, webPathToGitPath(webPath));
  if (!found) throw notFound(c.state.apiRoot);
  commitChange(c.state, repo, c.user.login, `Delete page ${quoted(webPath)}`, { remove: found[0] });
  return { status: 204 };
};

/** setting.Git.CommitsRangeSize: the page size of ListPageRevisions, which takes no limit. */
const COMMITS_RANGE = 50;

/** ListPageRevisions: `{commits, count}`, newest first, `page` only; 404 for a page that is not there. */
const revisions: Handler = (c) => {
  const repo = wikiRepo(c);
  const { dir, files } = wikiOf(c, repo);
  const raw = webPathFromRequest(rawPageParam(c));
  const found = entryFor(files, webPathToGitPath(raw === '' ? 'Home' : raw));
  if (!found) throw notFound(c.state.apiRoot);
  const count = countOf(dir, found[0]);
  const page = Math.max(Number.parseInt(c.query.get('page') ?? '1', 10) || 1, 1);
  const commits = commitsOf(dir, found[0], { skip: (page - 1) * COMMITS_RANGE, max: COMMITS_RANGE });
  return { status: 200, body: { commits: commits.map(commitJson), count }, headers: { 'x-total-count': String(count) } };
};

export const WIKI_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/wiki/pages', listPages],
  ['GET', '/repos/:owner/:repo/wiki/page/:pageName', getPage],
  ['PATCH', '/repos/:owner/:repo/wiki/page/:pageName', editPage],
  ['DELETE', '/repos/:owner/:repo/wiki/page/:pageName', deletePage],
  ['GET', '/repos/:owner/:repo/wiki/revisions/:pageName', revisions],
  ['POST', '/repos/:owner/:repo/wiki/new', newPage],
];

/** A page written straight into a repository's wiki (tests, the demo), as the API's create writes it: its web path. */
export function addWikiPage(state: State, repo: Repo, title: string, content: string, author = 'alice'): string {
  const webPath = userTitleToWebPath(title);
  commitChange(state, repo, author, `Add ${quoted(title)}`, { add: { name: webPathToGitPath(webPath), text: content } });
  return webPath;
}
