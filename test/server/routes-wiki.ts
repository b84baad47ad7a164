// A repository's wiki. Read at Gitea v1.23.8 and v1.27.0, Forgejo v11.0.1
// (the same at v15.0.3): routers/api/v1/repo/wiki.go, and the naming of pages
// in services/wiki/wiki_path.go, ported below function by function. Who may:
// api.go's /wiki group (mustEnableWiki; reqRepoWriter(unit.TypeWiki) and
// mustNotBeArchived on the writes).
//
// The wiki here is a list of files (git paths) with the commits that touched
// each, newest first; it exists once a first page was written
// (services/wiki InitWiki in AddWikiPage).
import { randomBytes } from 'node:crypto';
import { HttpError, notFound } from './http.js';
import { extraOf } from './routes-repos.js';
import { type Call, flavorAtLeast, type Handler, list, obj, visibleRepo } from './routes.js';
import type { Json, Repo, State } from './state.js';
import { tick } from './state.js';

interface Commit {
  sha: string;
  message: string;
  login: string;
  email: string;
  date: string;
}

interface WikiFile {
  content: string;
  /** Newest first. */
  commits: Commit[];
}

/** Per repository: its wiki's files by git path, or none before the first page. */
function wikis(state: State): Map<number, Map<string, WikiFile>> {
  return state.extension('wiki', () => new Map<number, Map<string, WikiFile>>());
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
function filesOf(c: Call, repo: Repo): Map<string, WikiFile> {
  const files = wikis(c.state).get(repo.id);
  if (files) return files;
  if (!c.flavor.forgejo && flavorAtLeast(c.flavor, '1.24')) throw new HttpError(404, { message: 'no such file or directory', url: `${c.state.apiRoot}/swagger` });
  throw new HttpError(404, { errors: ['no such file or directory'], message: "The target couldn't be found.", url: `${c.state.apiRoot}/swagger` });
}

/** findEntryForFile: the git path, then its QueryUnescape'd form. */
function entryFor(files: Map<string, WikiFile>, gitPath: string): [string, WikiFile] | undefined {
  const direct = files.get(gitPath);
  if (direct) return [gitPath, direct];
  const other = queryUnescape(gitPath);
  const second = other === undefined ? undefined : files.get(other);
  return other !== undefined && second ? [other, second] : undefined;
}

function commitJson(k: Commit): Json {
  const person = { name: k.login, email: k.email, date: k.date };
  // The servers' field is spelled "commiter" (convert.ToWikiCommit).
  return { sha: k.sha, author: person, commiter: person, message: `${k.message}\n` };
}

function metaJson(c: Call, repo: Repo, webPath: string, file: WikiFile): Json {
  const first = file.commits[0];
  return {
    title: webPathToUserTitle(webPath),
    html_url: `${c.state.webRoot}/${repo.owner}/${repo.name}/wiki/${webPath}`,
    sub_url: webPath,
    last_commit: first ? commitJson(first) : null,
  };
}

/** getWikiPage: 404 for a page that is not there; the text in base64, its commit count, no sidebar or footer here. */
function pageJson(c: Call, repo: Repo, webPath: string): Json {
  const files = filesOf(c, repo);
  const found = entryFor(files, webPathToGitPath(webPath));
  if (!found) throw notFound(c.state.apiRoot);
  const [, file] = found;
  return { ...metaJson(c, repo, webPath, file), content_base64: Buffer.from(file.content, 'utf8').toString('base64'), commit_count: file.commits.length, sidebar: '', footer: '' };
}

function commitOf(c: Call, message: string): Commit {
  return { sha: randomBytes(20).toString('hex'), message, login: c.user.login, email: c.user.email, date: tick() };
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

/** ListWikiPages: the files at the wiki's root, in git's tree order, those that are no *.md skipped. */
const listPages: Handler = (c) => {
  const repo = wikiRepo(c);
  const files = filesOf(c, repo);
  const names = [...files.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const pages = names.flatMap((name) => {
    const webPath = gitPathToWebPath(name);
    const file = files.get(name);
    return webPath !== undefined && file ? [metaJson(c, repo, webPath, file)] : [];
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
  let files = wikis(c.state).get(repo.id);
  if (files && entryFor(files, gitPath)) throw new HttpError(400, { message: `wiki page already exists [title: ${gitPath}]`, url: '' });
  if (!files) {
    files = new Map();
    wikis(c.state).set(repo.id, files);
  }
  files.set(gitPath, { content, commits: [commitOf(c, message)] });
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
  let files = wikis(c.state).get(repo.id);
  if (!files) {
    files = new Map();
    wikis(c.state).set(repo.id, files);
  }
  const old = entryFor(files, webPathToGitPath(oldPath));
  const newGit = webPathToGitPath(newPath);
  if (old && old[0] !== newGit && files.has(newGit)) throw new HttpError(500, { message: `wiki page already exists [title: ${newGit}]`, url: '' });
  // A renamed page is a new file: its history (FileCommitsCount, CommitsByFileAndRange, which follow no
  // renames) starts with the rename (recorded: commit_count 1 after a rename from Gitea 1.27.0).
  const history = old && old[0] === newGit ? old[1].commits : [];
  if (old) files.delete(old[0]);
  files.set(newGit, { content, commits: [commitOf(c, message), ...history] });
  return { status: 200, body: pageJson(c, repo, newPath) };
};

/** DeleteWikiPage: 404 for a page that is not there, 204 otherwise (the wiki stays, perhaps empty). */
const deletePage: Handler = (c) => {
  const repo = writableWiki(c);
  const files = filesOf(c, repo);
  const found = entryFor(files, webPathToGitPath(webPathFromRequest(rawPageParam(c))));
  if (!found) throw notFound(c.state.apiRoot);
  files.delete(found[0]);
  return { status: 204 };
};

/** setting.Git.CommitsRangeSize: the page size of ListPageRevisions, which takes no limit. */
const COMMITS_RANGE = 50;

/** ListPageRevisions: `{commits, count}`, newest first, `page` only; 404 for a page that is not there. */
const revisions: Handler = (c) => {
  const repo = wikiRepo(c);
  const files = filesOf(c, repo);
  const raw = webPathFromRequest(rawPageParam(c));
  const found = entryFor(files, webPathToGitPath(raw === '' ? 'Home' : raw));
  if (!found) throw notFound(c.state.apiRoot);
  const commits = found[1].commits;
  const page = Math.max(Number.parseInt(c.query.get('page') ?? '1', 10) || 1, 1);
  const slice = commits.slice((page - 1) * COMMITS_RANGE, page * COMMITS_RANGE);
  return { status: 200, body: { commits: slice.map(commitJson), count: commits.length }, headers: { 'x-total-count': String(commits.length) } };
};

export const WIKI_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/wiki/pages', listPages],
  ['GET', '/repos/:owner/:repo/wiki/page/:pageName', getPage],
  ['PATCH', '/repos/:owner/:repo/wiki/page/:pageName', editPage],
  ['DELETE', '/repos/:owner/:repo/wiki/page/:pageName', deletePage],
  ['GET', '/repos/:owner/:repo/wiki/revisions/:pageName', revisions],
  ['POST', '/repos/:owner/:repo/wiki/new', newPage],
];

/** A page written straight into a repository's wiki (tests, the demo): its web path. */
export function addWikiPage(state: State, repo: Repo, title: string, content: string, author = 'alice'): string {
  const webPath = userTitleToWebPath(title);
  let files = wikis(state).get(repo.id);
  if (!files) {
    files = new Map();
    wikis(state).set(repo.id, files);
  }
  const commit: Commit = { sha: randomBytes(20).toString('hex'), message: `Add ${quoted(title)}`, login: author, email: `${author}@example.com`, date: tick() };
  files.set(webPathToGitPath(webPath), { content, commits: [commit] });
  return webPath;
}
