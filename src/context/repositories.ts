// Where the repository of a command is: -R, a web address among its NUMBER
// arguments, the git remotes of the current directory, or in an Actions job
// the repository it runs for. The place found settles the login (Logins.settle);
// verbs ask target() (target.ts), which asks here first.
import { jobRepository } from '../config/env.js';
import { UsageError } from '../errors.js';
import { isWebUrl, locateRepo, placeOfRemote } from './locate.js';
import type { Logins } from './logins.js';
import { fullName, gitRemotes, NO_REPO_HINT, pickRemote, type RepoRef, remoteSource } from './repo.js';

export class Repositories {
  /** The repository read from a git remote and where it came from, once repo() found one there. */
  from: { repo: RepoRef; source: string } | undefined;

  constructor(
    private readonly cwd: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logins: Logins,
  ) {}

  /**
   * A repository given as an argument or to -R: OWNER/NAME, HOST/OWNER/NAME or
   * a web URL. A host or URL also says which login serves it.
   */
  arg(value: string, flag = '-R'): RepoRef {
    const located = locateRepo(value, this.logins.roots(), flag);
    this.logins.settle(located.place);
    return located.repo;
  }

  /**
   * The repository a command is about: -R wins; then an issue or pull-request
   * web URL among `numbers` (the NUMBER arguments); otherwise the git remotes
   * of the current directory whose host kettle has a login for (see
   * pickRemote). The host so found chooses the login, unless --login or
   * KETTLE_LOGIN says which.
   */
  async repo(flag: string | undefined, numbers?: string | readonly string[]): Promise<RepoRef> {
    const fromUrls = this.ofUrls(typeof numbers === 'string' ? [numbers] : (numbers ?? []));
    if (typeof flag === 'string') {
      const repo = this.arg(flag);
      if (fromUrls && fullName(fromUrls).toLowerCase() !== fullName(repo).toLowerCase()) {
        throw new UsageError(`-R ${flag} and the URL given name different repositories (${fullName(repo)}, ${fullName(fromUrls)})`);
      }
      return repo;
    }
    if (fromUrls) return fromUrls;
    // Not logged in at all says so (exit 4) before anything about remotes.
    this.logins.checkLoggedIn();
    const remotes = await gitRemotes(this.cwd, this.env);
    const picked = pickRemote(remotes, this.logins.hosts());
    if (!picked) {
      // In an Actions job, the repository the job runs for.
      const job = jobRepository(this.env);
      if (job !== undefined) {
        const { repo } = locateRepo(job, [], 'GITHUB_REPOSITORY');
        this.from = { repo, source: 'GITHUB_REPOSITORY' };
        return repo;
      }
      throw new UsageError(NO_REPO_HINT);
    }
    this.logins.settle(placeOfRemote(picked.remote.url));
    this.from = { repo: { owner: picked.owner, name: picked.name }, source: remoteSource(picked.remote) };
    return { owner: picked.owner, name: picked.name };
  }

  /** The one repository the web URLs among NUMBER arguments name (with their place), or undefined when none is a URL. */
  private ofUrls(values: readonly string[]): RepoRef | undefined {
    let found: { repo: RepoRef; key: string } | undefined;
    for (const value of values) {
      if (!isWebUrl(value)) continue;
      const located = locateRepo(value, this.logins.roots(), 'URL');
      const key = `${located.place?.root ?? ''}/${fullName(located.repo)}`.toLowerCase();
      if (found && found.key !== key) throw new UsageError(`the URLs given name different repositories; give one repository's issues at a time`);
      if (!found) {
        this.logins.settle(located.place);
        found = { repo: located.repo, key };
      }
    }
    return found?.repo;
  }
}
