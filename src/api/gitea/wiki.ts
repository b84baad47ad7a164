// A repository's wiki: /repos/{owner}/{repo}/wiki/…, and how the servers name
// a page in a request path.
//
// A page has a title (what the web page shows: "Getting started") and a web
// path (what its URL and the API take: "Getting-started"). Every release
// known here (Gitea 1.23 to 1.27, Forgejo 11 to 16) turns one into the other
// alike, in services/wiki/wiki_path.go: UserTitleToWebPath trims the title,
// then escapeSegToWeb either turns spaces into dashes or, for a title that
// holds a dash or ends in ".md", keeps them and adds the marker ".-"; then
// url.QueryEscape. The API handlers (routers/api/v1/repo/wiki.go) read the
// path parameter raw (WebPathFromRequest), so the web path goes into the URL
// as it is, never encoded a second time.
import type { RepoRef } from '../repo.js';
import type { ApiClient, ListOptions } from '../client.js';
import type { PageWindow } from '../paginate.js';
import { UsageError } from '../../errors.js';
import { repoPath } from './repos.js';
import { done, record } from './send.js';
import type { CreateWikiPageOptions, WikiCommit, WikiCommitList, WikiPage, WikiPageMetaData } from './types.js';

/** Go's url.QueryEscape: all but A-Z a-z 0-9 - _ . ~ escaped (upper-case hex), a space as "+". */
function queryEscape(s: string): string {
  const wellFormed = Buffer.from(s, 'utf8').toString('utf8');
  return encodeURIComponent(wellFormed)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** services/wiki escapeSegToWeb, for a title (never with a dash marker already). */
function escapeSegToWeb(title: string): string {
  const marked = title.includes('-') || title.endsWith('.md') ? `${title}.-` : title.replaceAll(' ', '-');
  return queryEscape(marked);
}

/**
 * The web path of the page with this title (services/wiki UserTitleToWebPath
 * with no base): the servers name "." and ".." "unnamed", which is refused
 * here rather than written to the wrong page.
 */
export function webPathOf(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw new UsageError('the page name must not be empty');
  const path = escapeSegToWeb(trimmed);
  if (path === '.' || path === '..') throw new UsageError(`"${trimmed}" cannot be a wiki page name`);
  return path;
}

/** A web path as the list and the URLs show it ("Getting-started", "Caf%C3%A9"): only URL-safe characters. */
export function isWebPath(s: string): boolean {
  return /^[A-Za-z0-9\-_.~%+]+$/.test(s) && s !== '.' && s !== '..' && !/%(?![0-9A-Fa-f]{2})/.test(s);
}

const wikiPath = (repo: RepoRef): string => `${repoPath(repo)}/wiki`;

/** The pages, one record each without their text (routers/api/v1/repo/wiki.go ListWikiPages). */
export function listPages(api: ApiClient, repo: RepoRef, window: PageWindow, options: ListOptions = {}): AsyncGenerator<WikiPageMetaData[]> {
  return api.pages<WikiPageMetaData>(`${wikiPath(repo)}/pages`, window, {}, options);
}

/** One page by its web path, its text in content_base64. */
export function getPage(api: ApiClient, repo: RepoRef, webPath: string): Promise<WikiPage> {
  return record<WikiPage>(api, 'GET', `${wikiPath(repo)}/page/${webPath}`);
}

/** The first page of a wiki creates it (services/wiki AddWikiPage initialises the wiki repository). */
export function createPage(api: ApiClient, repo: RepoRef, body: CreateWikiPageOptions): Promise<WikiPage> {
  return record<WikiPage>(api, 'POST', `${wikiPath(repo)}/new`, { body });
}

/**
 * PATCH replaces title and text: an empty title renames the page "unnamed"
 * (EditWikiPage: UserTitleToWebPath("", "") is never empty), and a page that
 * does not exist is created, so callers read the page first and send both.
 */
export function editPage(api: ApiClient, repo: RepoRef, webPath: string, body: CreateWikiPageOptions): Promise<WikiPage> {
  return record<WikiPage>(api, 'PATCH', `${wikiPath(repo)}/page/${webPath}`, { body });
}

export function deletePage(api: ApiClient, repo: RepoRef, webPath: string): Promise<void> {
  return done(api, 'DELETE', `${wikiPath(repo)}/page/${webPath}`);
}

/**
 * The commits that touched a page, newest first, a page of them at a time:
 * the servers answer `{commits, count}` and take only `page` (their page
 * size is the git commits range size, 50 by default), so pages are read
 * until `count` commits came or a page is empty.
 */
export async function* revisions(api: ApiClient, repo: RepoRef, webPath: string, most: number): AsyncGenerator<WikiCommit[]> {
  let seen = 0;
  // Bounded: a server that keeps answering full pages past its count stops at 1000 pages.
  for (let page = 1; page <= 1000 && seen < most; page++) {
    const got = await record<WikiCommitList>(api, 'GET', `${wikiPath(repo)}/revisions/${webPath}`, { query: { page } });
    const commits = Array.isArray(got.commits) ? got.commits : [];
    if (commits.length === 0) return;
    yield commits.slice(0, most - seen);
    seen += commits.length;
    if (typeof got.count === 'number' && seen >= got.count) return;
  }
}

/** Go's url.QueryUnescape ("+" is a space); undefined for a malformed escape. */
function queryUnescape(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * The file that holds a page in the wiki's git repository (services/wiki
 * WebPathToGitPath): each segment unescaped (dashes back to spaces unless it
 * carries the ".-" marker) and escaped again, a space kept as a space, ".md" added.
 */
export function gitPathOf(webPath: string): string {
  if (webPath.endsWith('.md')) return queryUnescape(webPath.replace(/\+/g, '%2B')) ?? webPath;
  return `${webPath
    .split('/')
    .map((seg) => {
      const marked = seg.endsWith('.-');
      const bare = marked ? seg.slice(0, -2) : seg.replaceAll('-', ' ');
      const title = queryUnescape(bare) ?? bare;
      const escaped = queryEscape(marked || title.includes('-') || title.endsWith('.md') ? `${title}.-` : title.replaceAll(' ', '-'));
      return escaped.replaceAll('%20', ' ').replaceAll('+', ' ');
    })
    .join('/')}.md`;
}
