// The differences between a real server's answers and the in-memory server's
// that are kept on purpose, each with its reason, in one place. Anything not
// listed here fails the replay (replay.test.ts).
import type { Recording } from '../real/record.js';
import type { Difference } from './replay.js';

interface Known {
  /** The answer's field, as a pattern over `where` (`body.avatar_url`, `body[0].user.avatar_url`). */
  where: RegExp;
  /** Only in these exchanges (`step: METHOD /path`), when given. */
  exchange?: RegExp;
  /** Only for these values, when given. */
  values?: (real: unknown, memory: unknown) => boolean;
  why: string;
}

/** The keys under which a record names a user other than the one asking. */
const NESTED_USER = String.raw`(?:user|owner|assignee|assignees\[\d+\]|author|poster|creator|merged_by|publisher|uploader|requested_reviewers\[\d+\])`;

export const KNOWN: Known[] = [
  {
    // An artifact expires ARTIFACT_RETENTION_DAYS (90) after its upload: the recording's day on the real server, the
    // replay's clock in memory; both are an upload's time and 90 days (routes-actions.ts artifactJson).
    where: /^body\.artifacts\[\d+\]\.expires_at$/,
    values: (real, memory) => typeof real === 'string' && typeof memory === 'string' && /T\d\d:\d\d:\d\dZ$/.test(real) && /T\d\d:\d\d:\d\dZ$/.test(memory),
    why: "an artifact's expiry is 90 days after its upload, which happened on another day in the recording",
  },
  {
    // routers/api/v1/repo/action.go DownloadArtifactRaw checks an HMAC made with the real server's own secret: the
    // recorded address's signature is not one the in-memory server made (it refuses it, 401, as the real one would
    // a forged one). kettle's run download tests (test/commands/actions-runs.test.ts) follow the in-memory redirect to an address it signed.
    where: /^status$/,
    exchange: /: GET \/repos\/[^/]+\/[^/]+\/actions\/artifacts\/\d+\/zip\/raw$/,
    values: (real, memory) => real === 200 && memory === 401,
    why: "a signed download address carries the real server's secret",
  },
  {
    // services/cron: start_schedule_tasks runs every minute from the server's start (and the tasks run at start
    // once); a real server has run it once more for each minute it has been up, which the in-memory server,
    // whose clock does not pass, never shows.
    where: /^body\[\d+\]\.exec_times$/,
    exchange: /^admin cron list: GET \/admin\/cron$/,
    values: (real, memory) => typeof real === 'number' && typeof memory === 'number' && real > memory && real - memory <= 5,
    why: "a task run every minute has run as often as the real server's minutes up",
  },
  {
    // The runner takes a dispatched run within a fraction of a second: the dispatching command's one read finds it
    // queued or already running, by the runner's timing; the twin (routes-actions.ts runNow) shows it queued then.
    where: /^body\.status$/,
    exchange: /^workflow run[^:]*: GET \/repos\/[^/]+\/[^/]+\/actions\/runs\/\d+$/,
    values: (real, memory) => ['queued', 'in_progress'].includes(String(real)) && memory === 'queued',
    why: "a real runner's timing decides whether a run just dispatched reads queued or in progress; kettle shows either as it comes",
  },
  {
    // services/convert/user.go toUser: a user inside another record is shown as to an anonymous or plain signed-in
    // viewer (placeholder e-mail, not active, not admin, no last login); the in-memory server shows one user record
    // everywhere. kettle reads a nested user's login, full name and web address only.
    where: new RegExp(String.raw`(?:^|\.)${NESTED_USER}\.(?:email|active|is_admin|last_login|login_name|source_id|language|prohibit_login|created)$`),
    why: 'a nested user shows fewer private fields on the real servers; kettle reads none of them there',
  },
  {
    where: /^(?:body|body\[\d+\]|body\.data\[\d+\])(?:\.(?:repository|base\.repo|head\.repo|parent))?\.size$/,
    exchange: /^(?:(?!\/releases).)*$/,
    why: "a repository's size is what its git objects take on the server's disk; the in-memory server keeps none",
  },
  {
    where: /\.ssh_url$/,
    why: "the SSH address names the server's SSH user (RUN_USER: root where the recording ran, git by default); kettle shows it as the server sends it",
  },
  {
    where: /\.mergeable$/,
    exchange: /\/pulls/,
    why: "whether a new pull request reads mergeable depends on when the server's background check finished (services/pull/check.go, about 1.5 s on Gitea 1.23.8); the in-memory server counts requests instead (routes-pulls.ts PullExtra.checking), and kettle waits out a refused merge (pr/merge.ts)",
  },
  {
    where: /^body(?:\.statuses)?\[\d+\]\.(?:status|context|description|target_url|created_at|updated_at)$/,
    exchange: /\/commits\/[0-9a-f]+\/status(?:es)?$/,
    why: "the order of a commit's statuses: Gitea 1.23 by update time (ties in any order), 1.27 by id; kettle takes the newest of each context by id (pr/check-state.ts)",
  },
  {
    where: /^body\.(?:content|commit)\./,
    exchange: /POST \/repos\/[^/]+\/[^/]+\/contents\//,
    why: 'only the escape hatch sends a file creation (the scenario makes a commit with it); of its answer only commit.sha is used, and that is mapped',
  },
  {
    where: /^body\.commit\./,
    exchange: /(?:GET \/repos\/[^/]+\/[^/]+\/branches\/|POST \/repos\/[^/]+\/[^/]+\/branches$)/,
    why: "kettle reads a branch's protection fields only (api/gitea/statuses.ts branch), never its commit (the scenario makes branches through the escape hatch)",
  },
  {
    where: /^body\.(?:message|errors(?:\.length|\[\d+\])?)$/,
    exchange: /: GET \S+$/,
    why: "a 404 from a read is worded by kettle itself (what was not found, commands/failure.ts), never with the server's message",
  },
  {
    where: /^body(?:\[\d+\])?\.html_url$/,
    exchange: /(?:POST|GET) \/repos\/[^/]+\/[^/]+\/pulls\/\d+\/reviews(?:\/\d+)?$/,
    why: "a review's address anchors the id of the comment its first submission left (models/issues Review.HTMLURL), which no answer names otherwise, so the replay cannot map it",
  },
  {
    // models/issues/stopwatch.go: a stopwatch's seconds are the wall-clock time since it started; the in-memory
    // clock (state.ts tick) moves a second with each request instead.
    where: /^body\[\d+\]\.(?:seconds|duration)$/,
    exchange: /^time .*: GET \/user\/stopwatches$/,
    values: (real, memory) =>
      (typeof real === 'number' && typeof memory === 'number' && real < 60 && memory < 60) || (typeof real === 'string' && typeof memory === 'string' && !/minute|hour/.test(real + memory)),
    why: 'how long a stopwatch has run when it is read is a matter of time: under a second or a second on a real server (0 seconds reads as an empty duration), a second or two by the in-memory clock',
  },
  {
    where: /^body\[\d+\]\.time$/,
    exchange: /^time .*: GET \/repos\/[^/]+\/[^/]+\/issues\/\d+\/times$/,
    values: (real, memory) => typeof real === 'number' && typeof memory === 'number' && real < 60 && memory < 60,
    why: 'the time a stopped stopwatch adds is the seconds it ran (finishIssueStopwatch): a matter of time as above',
  },
  {
    where: /^body\.(?:message|errors(?:\[\d+\])?)$/,
    exchange: /: (?:POST|DELETE) \/repos\/[^/]+\/[^/]+\/issues\/\d+\/(?:blocks|dependencies)$/,
    values: (real, memory) => {
      const plain = (v: unknown) => JSON.stringify(v).replace(/repo_id: \d+/g, 'repo_id: N');
      return plain(real) === plain(memory) && plain(real) !== JSON.stringify(real);
    },
    why: 'the refusal of a dependency on an issue that is not there names the repository by the id each server gave it (models/issues ErrIssueNotExist)',
  },
  {
    where: /\.download_count$/,
    why: 'the real servers count a download at times the recording does not show (Gitea counted one before the scenario downloaded); kettle shows the count as sent',
  },
  {
    where: /^status$/,
    exchange: /: POST \/repos\/[^/]+\/[^/]+\/pulls\/\d+\/merge$/,
    values: (real, memory) => (real === 405 && memory === 200) || (real === 200 && memory === 405),
    why: 'which merge attempt meets the server still checking a new pull request is a matter of time on a real server (405 "Please try again later", then 200); kettle waits it out either way (pr/merge.ts)',
  },
  {
    where: /^body\.message$/,
    exchange: /: POST \/repos\/[^/]+\/[^/]+\/pulls\/\d+\/merge$/,
    values: (real, memory) => [real, memory].includes('Please try again later'),
    why: 'the same timing: the attempt after a merge that went through meets "already merged" where the real server still said "try again later"',
  },
  {
    where: /^body\.message$/,
    exchange: /: DELETE \/orgs\/[^/]+$/,
    values: (real, memory) => [real, memory].every((m) => typeof m === 'string' && /^user still has ownership of repositories \[uid: \d+\]$/.test(m)),
    why: "the refusal names the organization by each server's own id",
  },
  {
    where: /^body\.message$/,
    exchange: /: POST \/orgs\/[^/]+\/teams$/,
    values: (real, memory) => {
      const words = (m: unknown) => (typeof m === 'string' ? /^team already exists \[org_id: \d+, (name: .*)\]$/.exec(m)?.[1] : undefined);
      return words(real) !== undefined && words(real) === words(memory);
    },
    why: "a team name taken: the refusal names the organization by each server's own id (models/organization ErrTeamAlreadyExist); the words and the team's name are the same",
  },
  {
    where: /^body(?:\.jobs\[\d+\])?\.html_url$/,
    exchange: /\/actions\/runs\/\d+(?:\/jobs)?$/,
    why: "a run's web address names it by its number in the repository, which a fresh real server's first run shares with its id; the replay maps ids, so it cannot tell which of the two the address uses",
  },
  {
    where: /^body(?:\[\d+\])?\.base\.sha$/,
    exchange: /\/pulls(?:\/4)?$/,
    why: "a pull request's base commit after a squash merge into it: the replayed Forgejo 11.0.1 merge leaves the in-memory base at another commit than the one it reports as merged (not yet understood); kettle reads a pull request's head commit, never its base's",
  },
  {
    where: /^body\.length$/,
    exchange: /^search issues: GET \/repos\/issues\/search$/,
    why: "the issue search reads the server's issue indexer, which a real server fills from a queue after the issue is made: a search right after found nothing on Gitea 1.27.0 and Forgejo 11.0.1, one issue on Gitea 1.23.8",
  },
  {
    where: /^body\.message$/,
    exchange: /: POST \/repos\/[^/]+\/[^/]+\/pulls$/,
    why: 'the refusal of a second pull request names the existing one by the ids each server gave it (models/issues ErrPullRequestAlreadyExists); the words are the same',
  },
];

export function explained(_recording: Recording, d: Difference): boolean {
  return KNOWN.some((k) => k.where.test(d.where) && (k.exchange === undefined || k.exchange.test(d.exchange)) && (k.values === undefined || k.values(d.real, d.memory)));
}
