// Which release a verb is about: the one with a tag, or the latest.
import type { ApiClient } from '../../api/client.js';
import * as releases from '../../api/gitea/releases.js';
import type { Release } from '../../api/gitea/types.js';
import { fullName, type RepoRef } from '../../context/repo.js';
import { UsageError } from '../../errors.js';
import { failure } from '../failure.js';

/** A tag as given on the command line: not empty, no spaces or control characters. */
export function checkTag(tag: string): string {
  if (tag.trim() === '' || /[\s\u0000-\u001f\u007f]/.test(tag)) throw new UsageError(`invalid tag "${tag}"`);
  return tag;
}

/** The release of a tag, or the latest release (neither a draft nor a pre-release) without one. */
export function findRelease(api: ApiClient, repo: RepoRef, tag: string | undefined, action: string): Promise<Release> {
  const name = fullName(repo);
  if (tag === undefined) {
    return releases
      .latest(api, repo)
      .catch(failure({ action: `${action} the latest release of ${name}`, missing: `a published release of ${name} (drafts and pre-releases do not count)`, within: { api, repo } }));
  }
  const what = `release ${tag} of ${name}`;
  return releases.getByTag(api, repo, tag).catch(failure({ action: `${action} ${what}`, missing: what, within: { api, repo } }));
}

/** The id of the latest release, or undefined when there is none (a 404). */
export async function latestId(api: ApiClient, repo: RepoRef): Promise<number | undefined> {
  try {
    return (await releases.latest(api, repo)).id;
  } catch (err) {
    if ((err as { status?: unknown }).status === 404) return undefined;
    throw err;
  }
}
