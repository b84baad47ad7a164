// What the wiki verbs share: finding a page by the name the user gave, how a
// page and a revision are shown, and the page text in and out of base64.
import type { ApiClient } from '../../api/client.js';
import * as wiki from '../../api/gitea/wiki.js';
import type { WikiPage } from '../../api/gitea/types.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import * as repos from '../../api/gitea/repos.js';
import { ApiError, KettleError } from '../../errors.js';
import type { Column, Row } from '../../output/printer.js';
import { failure } from '../failure.js';

function commitOf(r: Row): Row {
  return typeof r.last_commit === 'object' && r.last_commit !== null ? (r.last_commit as Row) : {};
}
function personOf(r: Row): Row {
  return typeof r.author === 'object' && r.author !== null ? (r.author as Row) : {};
}
const firstLine = (m: unknown): string => (typeof m === 'string' ? (m.split('\n')[0] ?? '') : '');

export const pageColumns: Column[] = [
  { key: 'title', header: 'TITLE', flex: true },
  { key: 'sub_url', header: 'PATH', drop: 2 },
  { key: 'updated', header: 'UPDATED', kind: 'time', get: (r) => personOf(commitOf(r)).date, drop: 1 },
  { key: 'message', header: 'LAST CHANGE', get: (r) => firstLine(commitOf(r).message), drop: 3 },
];

export const pageViewColumns: Column[] = [
  { key: 'title', header: 'TITLE' },
  { key: 'sub_url', header: 'PATH' },
  { key: 'html_url', header: 'URL' },
  { key: 'commit_count', header: 'REVISIONS' },
  { key: 'sha', header: 'COMMIT', get: (r) => commitOf(r).sha },
  { key: 'updated', header: 'UPDATED', kind: 'time', get: (r) => personOf(commitOf(r)).date },
  { key: 'content', header: 'CONTENT' },
];

export const revisionColumns: Column[] = [
  { key: 'sha', header: 'SHA', get: (r) => String(r.sha ?? '').slice(0, 10) },
  { key: 'author', header: 'AUTHOR', get: (r) => personOf(r).name, drop: 2 },
  { key: 'date', header: 'DATE', kind: 'time', get: (r) => personOf(r).date, drop: 1 },
  { key: 'message', header: 'MESSAGE', get: (r) => firstLine(r.message), flex: true },
];

export const encodeText = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

/** The page's text; the servers leave content_base64 empty for a page larger than their blob limit. */
export const pageText = (page: WikiPage): string => Buffer.from(page.content_base64 ?? '', 'base64').toString('utf8');

/** The server's record, with the text decoded beside its base64 (for --json and --jq). */
export const withContent = (page: WikiPage): WikiPage & { content: string } => ({ ...page, content: pageText(page) });

export interface FoundPage {
  /** The web path the page answered at. */
  path: string;
  page: WikiPage;
}

const absent = (err: unknown): undefined => {
  if (err instanceof ApiError && err.status === 404) return undefined;
  throw err;
};

/** The page by its title, or, failing that, by its web path as a URL shows it ("Getting-started"); undefined when neither is a page. */
export async function lookUpPage(api: ApiClient, repo: RepoRef, name: string): Promise<FoundPage | undefined> {
  const path = wiki.webPathOf(name);
  const page = await wiki.getPage(api, repo, path).catch(absent);
  if (page) return { path, page };
  if (name === path || !wiki.isWebPath(name)) return undefined;
  const asPath = await wiki.getPage(api, repo, name).catch(absent);
  return asPath ? { path: name, page: asPath } : undefined;
}

/** As lookUpPage, with a missing page (or repository) said in one line. */
export async function findPage(api: ApiClient, repo: RepoRef, name: string, action: string): Promise<FoundPage> {
  const what = `wiki page "${name}" in ${fullName(repo)}`;
  const fail = failure({ action: `${action} ${what}`, missing: what, within: { api, repo } });
  const found = await lookUpPage(api, repo, name).catch(fail);
  if (found) return found;
  // The servers answer 404 alike for a missing repository, a wiki turned off or not made yet, and a missing page.
  await checkWikiOn(api, repo, fail);
  throw new KettleError(`${what} not found (\`kettle wiki list -R ${fullName(repo)}\` lists the pages)`);
}

/**
 * After a 404: the repository exists and its wiki is on (routers/api/v1/api.go
 * mustEnableWiki answers 404 for a wiki turned off), or a one-line error saying which is not so.
 */
export async function checkWikiOn(api: ApiClient, repo: RepoRef, fail: (err: unknown) => Promise<never>): Promise<void> {
  const record = await repos.get(api, repo).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) throw new KettleError(`repository ${fullName(repo)} not found`);
    return fail(err);
  });
  if (record.has_wiki === false) throw new KettleError(`the wiki of ${fullName(repo)} is turned off (\`kettle repo edit ${fullName(repo)} --enable-wiki\` turns it on)`);
}
