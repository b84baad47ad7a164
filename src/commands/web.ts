// Web pages of a repository on the login's server, for --web and browse. The
// address is built from the login's web root: no request is needed to know it.
import { encodeSegment, instanceRoot } from '../api/url.js';
import { openUrl } from '../context/browser.js';
import type { Context } from '../context/context.js';
import type { RepoRef } from '../context/repo.js';

/**
 * `https://host[/sub]/OWNER/NAME` followed by `path` (segments already
 * encoded by the caller, or built with pathOf) and a query of the values given.
 */
export function repoPage(ctx: Context, repo: RepoRef, path = '', query: Record<string, string | undefined> = {}): string {
  const url = new URL(`${instanceRoot(ctx.logins.resolve().root)}/${encodeSegment(repo.owner)}/${encodeSegment(repo.name)}${path}`);
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(key, value);
  return url.href;
}

/** A path of segments, each encoded but for its slashes: a branch such as feature/lid, a file such as docs/a b.md. */
export function pathOf(...parts: string[]): string {
  return parts
    .flatMap((p) => p.split('/'))
    .filter((s) => s !== '' && s !== '.')
    .map((s) => `/${encodeSegment(s)}`)
    .join('');
}

/** The state filter of an issue or pull-request list page; open is the page's own default. */
export function stateQuery(state: string): Record<string, string | undefined> {
  return { state: state === 'open' ? undefined : state };
}

export { openUrl };
