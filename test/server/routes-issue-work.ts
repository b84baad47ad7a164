// An issue's dependencies, reactions, tracked time and stopwatches, as each
// release answers them (routers/api/v1/repo/issue_dependency.go,
// issue_reaction.go, issue_tracked_time.go, issue_stopwatch.go), and the
// repository's internal tracker settings that turn time tracking and
// dependencies on and off. The data lives in State.extension('issueWork');
// repository records gain their internal_tracker through State.repoViews.
import { forbidden, HttpError, notFound, notFoundBecause } from './http.js';
import { issueMeta } from './routes-issue-meta.js';
import { extraOf } from './routes-repos.js';
import { type Call, type Flavor, flavorAtLeast, type Handler, list, obj, visibleRepo } from './routes.js';
import { type Issue, type Json, type Repo, type State, tick, type User } from './state.js';

/** A repository's internal tracker (repo_model.IssuesConfig), each on by default (a new repository's). */
export interface Tracker {
  time: boolean;
  contributorsOnly: boolean;
  dependencies: boolean;
}

interface Reaction {
  issueId: number;
  login: string;
  content: string;
  created: string;
}

interface TrackedTime {
  id: number;
  issueId: number;
  login: string;
  time: number;
  created: string;
  deleted: boolean;
}

interface Stopwatch {
  issueId: number;
  login: string;
  created: string;
}

export interface IssueWork {
  trackers: Map<number, Tracker>;
  /** [blocked issue id, blocking issue id] pairs (models/issues/dependency.go IssueDependency: IssueID, DependencyID). */
  dependencies: Array<[number, number]>;
  reactions: Reaction[];
  times: TrackedTime[];
  stopwatches: Stopwatch[];
  nextTimeId: number;
  /** setting.Service.AllowCrossRepositoryDependencies: true unless configured otherwise (modules/setting/service.go). */
  crossRepository: boolean;
  /** setting.UI.Reactions: the same default on every release known here (modules/setting/ui.go). */
  allowedReactions: string[];
}

export function issueWork(state: State): IssueWork {
  return state.extension<IssueWork>('issueWork', () => {
    const data: IssueWork = {
      trackers: new Map(),
      dependencies: [],
      reactions: [],
      times: [],
      stopwatches: [],
      nextTimeId: 1,
      crossRepository: true,
      allowedReactions: ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'],
    };
    // services/convert/repository.go innerToRepo: internal_tracker only where the issues unit is on.
    state.repoViews.push((r, json) => {
      if (!extraOf(state, r).has_issues) return;
      const t = trackerOf(state, r);
      json.internal_tracker = { enable_time_tracker: t.time, allow_only_contributors_to_track_time: t.contributorsOnly, enable_issue_dependencies: t.dependencies };
    });
    return data;
  });
}

export function trackerOf(state: State, repo: Repo): Tracker {
  const { trackers } = issueWork(state);
  let t = trackers.get(repo.id);
  if (!t) {
    t = { time: true, contributorsOnly: true, dependencies: true };
    trackers.set(repo.id, t);
  }
  return t;
}

/**
 * routers/api/v1/repo/repo.go updateRepoUnits: internal_tracker replaces the
 * tracker settings where issues are (or become) on. From Gitea 1.25 the
 * issues unit is rewritten only when has_issues is in the same body, so
 * internal_tracker alone changes nothing there; Gitea 1.23 and 1.24 and Forgejo
 * take it alone. Called by the repository edit (routes-repos.ts editRepo)
 * before has_issues is applied.
 */
export function editTracker(c: Call, repo: Repo, body: Json): void {
  const it = obj(body.internal_tracker);
  if (body.internal_tracker === undefined || body.internal_tracker === null) return;
  const hadIssues = extraOf(c.state, repo).has_issues;
  const willHave = typeof body.has_issues === 'boolean' ? body.has_issues : hadIssues;
  const modern = !c.flavor.forgejo && flavorAtLeast(c.flavor, '1.25');
  if (modern ? body.has_issues !== true : !willHave) return;
  const t = trackerOf(c.state, repo);
  // Go's zero value for a field left out: false.
  t.time = it.enable_time_tracker === true;
  t.contributorsOnly = it.allow_only_contributors_to_track_time === true;
  t.dependencies = it.enable_issue_dependencies === true;
}

// Shared look-ups ---------------------------------------------------------

/**
 * How a handler answers an issue that is not there (GetIssueByIndex's
 * ErrIssueNotExist). Gitea 1.27 answers the error's text (APIErrorAuto), but
 * for reactions and stopwatches the bare "not found" (APIErrorNotFound()).
 * Earlier, and on Forgejo, services/context/api.go NotFound with what each
 * handler passes: nothing (issue_reaction.go, issue_stopwatch.go), the error
 * (issue_tracked_time.go: `errors` holds its text), or "IsErrIssueNotExist" and
 * the error (issue_dependency.go getParamsIssue, getFormIssue,
 * GetIssueDependencies). Recorded from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1.
 */
type Missing = 'bare' | 'error' | 'named';

function issueOf(c: Call, repo: Repo, missing: Missing, raw = c.params.index ?? ''): Issue {
  const issue = /^\d+$/.test(raw) ? c.state.issue(repo, Number(raw)) : undefined;
  if (issue) return issue;
  const why = `issue does not exist [id: 0, repo_id: ${repo.id}, index: ${raw}]`;
  if (missing === 'bare') throw notFound(c.state.apiRoot);
  if (modernGitea(c.flavor)) throw notFound(c.state.apiRoot, why);
  throw missing === 'named' ? new HttpError(404, { errors: [why], message: 'IsErrIssueNotExist' }) : notFoundBecause(c.state.apiRoot, why);
}

/** Gitea from this release on (no Forgejo release up to 11.0.1 follows these changes). */
const giteaFrom = (f: Flavor, version: string) => !f.forgejo && flavorAtLeast(f, version);
/** The error texts recorded from Gitea 1.27.0 (APIErrorAuto passes the model's error on); earlier, the generic ones. */
const modernGitea = (f: Flavor) => giteaFrom(f, '1.27');

/** A 500 as a production server writes it: the error's text to a site administrator, nothing to anyone else. */
function internal(c: Call, message: string): HttpError {
  return new HttpError(500, { message: c.user.admin ? message : '', url: `${c.state.apiRoot}/swagger` });
}

const canWrite = (c: Call, repo: Repo) => c.user.admin === true || c.state.canWrite(c.user.login, repo);
const repoOf = (c: Call, issue: Issue) => c.state.repoById(issue.repoId) as Repo;

// Dependencies --------------------------------------------------------------

/** convert.ToAPIIssue of a dependency: its repository's record as models/issues DependencyInfo loads it. */
function dependencyJson(c: Call, issue: Issue): Json {
  return c.state.issueJson(issue);
}

/**
 * GetIssueDependencies: 404 where the repository has dependencies off
 * (IsDependenciesEnabled), then the issue; its blockers, paged (Gitea 1.26 and
 * later send X-Total-Count and Link; the hidden-blocker rule for unreadable
 * repositories is not modelled: every repository here is readable to its users).
 */
const listDependencies: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!trackerOf(c.state, repo).dependencies || !extraOf(c.state, repo).has_issues) throw notFound(c.state.apiRoot);
  const issue = issueOf(c, repo, 'named');
  const data = issueWork(c.state);
  const blockers = data.dependencies.filter(([blocked]) => blocked === issue.id).map(([, by]) => c.state.issues.find((i) => i.id === by) as Issue);
  const reply = list(c, blockers, (i) => dependencyJson(c, i));
  // X-Total-Count and Link from Gitea 1.26 (BlockedByDependencies counts); none before, nor on Forgejo.
  if (!giteaFrom(c.flavor, '1.26')) reply.headers = {};
  return reply;
};

/**
 * GetIssueBlocks: no check of the dependencies setting on any release; the
 * issues this one blocks, paged by hand (page, limit; a limit of 1 or less is
 * the default 30), with no total or Link header.
 */
const listBlocks: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = issueOf(c, repo, 'named');
  const data = issueWork(c.state);
  const blocked = data.dependencies.filter(([, by]) => by === issue.id).map(([b]) => c.state.issues.find((i) => i.id === b) as Issue);
  const page = Math.max(Number.parseInt(c.query.get('page') ?? '', 10) || 1, 1);
  let limit = Number.parseInt(c.query.get('limit') ?? '', 10) || 0;
  if (limit <= 1) limit = 30;
  return { status: 200, body: blocked.slice((page - 1) * limit, page * limit).map((i) => dependencyJson(c, i)) };
};

/**
 * getFormIssue: the issue IssueMeta names. Another repository than the
 * path's needs setting.Service.AllowCrossRepositoryDependencies (else 400 with
 * a bare JSON string), then the repository (404), then its issue (404).
 */
function formIssue(c: Call, here: Repo): Issue | HttpError {
  const form = obj(c.body);
  const owner = typeof form.owner === 'string' ? form.owner : '';
  const name = typeof form.repo === 'string' ? form.repo : '';
  const index = typeof form.index === 'number' ? form.index : 0;
  let repo = here;
  // Compared as written: another spelling of the same names is "another repository" to the handler.
  if (owner !== here.owner || name !== here.name) {
    if (!issueWork(c.state).crossRepository) return new HttpError(400, 'CrossRepositoryDependencies not enabled');
    const other = c.state.repo(owner, name);
    if (!other || !c.state.canSee(c.user.login, other)) {
      const why = `repository does not exist [id: 0, uid: 0, owner_name: ${owner}, name: ${name}]`;
      return modernGitea(c.flavor) ? notFound(c.state.apiRoot, why) : new HttpError(404, { errors: [why], message: 'IsErrRepoNotExist' });
    }
    repo = other;
  }
  return issueOf(c, repo, 'named', String(index));
}

/**
 * createIssueDependency / removeIssueDependency: 404 where the blocked
 * issue's repository is archived or has dependencies off, or the caller may
 * not write its issues; then models/issues/dependency.go, whose errors the
 * handler answers as 500: an existing dependency, or two issues blocking each
 * other (only that circle is checked: an issue blocked by itself is taken).
 * Removing one that is not there: ErrDependencyNotExists, a 500 too. Both
 * answer 201 with the issue in the path.
 */
function changeDependency(adding: boolean, pathIsBlocked: boolean): Handler {
  return (c) => {
    const repo = visibleRepo(c);
    const inPath = issueOf(c, repo, 'named');
    const other = formIssue(c, repo);
    if (other instanceof HttpError) throw other;
    const [blocked, by] = pathIsBlocked ? [inPath, other] : [other, inPath];
    const blockedRepo = repoOf(c, blocked);
    if (extraOf(c.state, blockedRepo).archived || !trackerOf(c.state, blockedRepo).dependencies || !canWrite(c, blockedRepo)) {
      throw notFound(c.state.apiRoot);
    }
    const data = issueWork(c.state);
    const at = data.dependencies.findIndex(([b, d]) => b === blocked.id && d === by.id);
    const ids = `[issue id: ${blocked.id}, dependency id: ${by.id}]`;
    if (adding) {
      if (at >= 0) throw internal(c, `issue dependency does already exist ${ids}`);
      if (data.dependencies.some(([b, d]) => b === by.id && d === blocked.id)) throw internal(c, `circular dependencies exists (two issues blocking each other) ${ids}`);
      data.dependencies.push([blocked.id, by.id]);
    } else {
      if (at < 0) throw internal(c, `issue dependency does not exist ${ids}`);
      data.dependencies.splice(at, 1);
    }
    return { status: 201, body: c.state.issueJson(inPath) };
  };
}

// Reactions -----------------------------------------------------------------

function reactionJson(c: Call, r: Reaction): Json {
  const user = c.state.user(r.login);
  return { user: user ? c.state.userJson(user) : null, content: r.content, created_at: r.created };
}

/** GetIssueReactions: paged, with X-Total-Count; none is `null` (a nil slice), on every release recorded. */
const listReactions: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = issueOf(c, repo, 'bare');
  const mine = issueWork(c.state).reactions.filter((r) => r.issueId === issue.id);
  const reply = list(c, mine, (r) => reactionJson(c, r));
  if (Array.isArray(reply.body) && reply.body.length === 0) reply.body = null;
  return reply;
};

/**
 * changeIssueReaction: a locked issue only for its writers (403 "no
 * permission to change reaction"); a reaction outside setting.UI.Reactions is
 * 403 "'x' is not an allowed reaction" (ErrForbiddenIssueReaction); one the
 * caller has made already answers 200 with it, a new one 201. Removing answers
 * alike whether or not it was there: 204 from Gitea 1.26, 200 before and on Forgejo.
 */
function changeReaction(adding: boolean): Handler {
  return (c) => {
    const repo = visibleRepo(c);
    const issue = issueOf(c, repo, 'bare');
    if (issueMeta(c.state).locks.has(issue.id) && !canWrite(c, repo)) throw forbidden('no permission to change reaction');
    const content = typeof obj(c.body).content === 'string' ? (obj(c.body).content as string) : '';
    const data = issueWork(c.state);
    const same = (r: Reaction) => r.issueId === issue.id && r.login.toLowerCase() === c.user.login.toLowerCase() && r.content === content;
    if (!adding) {
      data.reactions = data.reactions.filter((r) => !same(r));
      return { status: giteaFrom(c.flavor, '1.26') ? 204 : 200 };
    }
    if (!data.allowedReactions.includes(content)) throw forbidden(`'${content}' is not an allowed reaction`);
    const had = data.reactions.find(same);
    if (had) return { status: 200, body: reactionJson(c, had) };
    const r: Reaction = { issueId: issue.id, login: c.user.login, content, created: tick() };
    data.reactions.push(r);
    return { status: 201, body: reactionJson(c, r) };
  };
}

/** routers/api/v1/settings/settings.go GetGeneralUISettings. */
const uiSettings: Handler = (c) => ({
  status: 200,
  body: {
    default_theme: c.flavor.forgejo ? 'forgejo-auto' : 'gitea-auto',
    allowed_reactions: issueWork(c.state).allowedReactions,
    custom_emojis: ['gitea', 'codeberg', 'gitlab', 'git', 'github', 'gogs'],
  },
});

// Tracked time --------------------------------------------------------------

function timeJson(c: Call, t: TrackedTime): Json {
  const issue = c.state.issues.find((i) => i.id === t.issueId) as Issue;
  const user = c.state.user(t.login) as User;
  return { id: t.id, created: t.created, time: t.time, user_id: user.id, user_name: user.login, issue_id: t.issueId, issue: c.state.issueJson(issue) };
}

/**
 * services/context/repo.go CanUseTimetracker: time tracking on, and where only
 * contributors may track time (the default), a writer of the issues, the
 * issue's poster or one of its assignees.
 */
function canUseTimetracker(c: Call, repo: Repo, issue: Issue): boolean {
  const t = trackerOf(c.state, repo);
  const login = c.user.login.toLowerCase();
  return t.time && (!t.contributorsOnly || canWrite(c, repo) || issue.author.toLowerCase() === login || issue.assignees.some((a) => a.toLowerCase() === login));
}

/** The refusal where CanUseTimetracker says no: 400 when time tracking is off (its body as each handler writes it), else a bare 403. */
function trackerRefusal(c: Call, repo: Repo, capitalMessage: boolean): HttpError {
  if (!trackerOf(c.state, repo).time) return new HttpError(400, capitalMessage ? { Message: 'time tracking disabled' } : { message: 'time tracking disabled', url: `${c.state.apiRoot}/swagger` });
  return new HttpError(403, undefined);
}

/** modules/context GetQueryBeforeSince: RFC 3339 or 422 with Go's parse error; the time as Unix seconds (0: none). */
function unixOf(c: Call, name: string): number {
  const v = c.query.get(name);
  if (v === null || v === '') return 0;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) || Number.isNaN(Date.parse(v))) {
    throw new HttpError(422, { message: `parsing time "${v}" as "2006-01-02T15:04:05Z07:00": cannot parse "${v}" as "2006"`, url: `${c.state.apiRoot}/swagger` });
  }
  return Math.floor(Date.parse(v) / 1000);
}

/**
 * The filters ListTrackedTimes and ListTrackedTimesByRepository share: `user`
 * (404 "user does not exist" for an unknown one), `since` and `before`; a
 * caller who is neither a site administrator nor a writer of the issues sees
 * only their own entries, and asking for another user's is 403.
 */
function findTimes(c: Call, repo: Repo, issue: Issue | undefined): TrackedTime[] {
  let login: string | undefined;
  const q = c.query.get('user')?.trim();
  if (q) {
    const user = c.state.user(q);
    if (!user) throw notFound(c.state.apiRoot, `user does not exist [uid: 0, name: ${q}]`);
    login = user.login;
  }
  const before = unixOf(c, 'before');
  const since = unixOf(c, 'since');
  if (!c.user.admin && (login ?? '').toLowerCase() !== c.user.login.toLowerCase() && !canWrite(c, repo)) {
    if (login !== undefined) throw forbidden('query by user not allowed; not enough rights');
    login = c.user.login;
  }
  const ids = new Set(issue ? [issue.id] : c.state.issuesOf(repo).map((i) => i.id));
  return issueWork(c.state).times.filter((t) => {
    if (t.deleted || !ids.has(t.issueId)) return false;
    if (login !== undefined && t.login.toLowerCase() !== login.toLowerCase()) return false;
    const at = Math.floor(Date.parse(t.created) / 1000);
    return (since === 0 || at >= since) && (before === 0 || at <= before);
  });
}

/** ListTrackedTimes: 404 "timetracker is disabled" ("Timetracker…" before Gitea 1.27 and on Forgejo) where time tracking is off. */
const listIssueTimes: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!trackerOf(c.state, repo).time) throw notFound(c.state.apiRoot, modernGitea(c.flavor) ? 'timetracker is disabled' : 'Timetracker is disabled');
  const issue = issueOf(c, repo, 'error');
  return list(c, findTimes(c, repo, issue), (t) => timeJson(c, t));
};

/** ListTrackedTimesByRepository: 400 "time tracking disabled" where it is off. */
const listRepoTimes: Handler = (c) => {
  const repo = visibleRepo(c);
  if (!trackerOf(c.state, repo).time) throw new HttpError(400, { message: 'time tracking disabled', url: `${c.state.apiRoot}/swagger` });
  return list(c, findTimes(c, repo, undefined), (t) => timeJson(c, t));
};

/**
 * AddTime: the binding first (AddTimeOption's `time` is `binding:"Required"`:
 * 0 or missing is 422 "[Time]: Required"; a negative time is taken), then the
 * issue, then CanUseTimetracker; 200 with the new entry.
 */
const addTime: Handler = (c) => {
  const body = obj(c.body);
  const seconds = typeof body.time === 'number' ? Math.trunc(body.time) : 0;
  if (seconds === 0) throw new HttpError(422, { message: '[Time]: Required', url: `${c.state.apiRoot}/swagger` });
  const repo = visibleRepo(c);
  const issue = issueOf(c, repo, 'error');
  if (!canUseTimetracker(c, repo, issue)) throw trackerRefusal(c, repo, false);
  const data = issueWork(c.state);
  const t: TrackedTime = { id: data.nextTimeId++, issueId: issue.id, login: c.user.login, time: seconds, created: tick(), deleted: false };
  data.times.push(t);
  return { status: 200, body: timeJson(c, t) };
};

/** ResetIssueTime: the caller's own entries on the issue, 204; none is 404 "tracked_time does not exist" (DeleteIssueUserTimes). */
const resetTimes: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = issueOf(c, repo, 'error');
  if (!canUseTimetracker(c, repo, issue)) throw trackerRefusal(c, repo, true);
  const mine = issueWork(c.state).times.filter((t) => !t.deleted && t.issueId === issue.id && t.login.toLowerCase() === c.user.login.toLowerCase());
  if (mine.length === 0) throw notFound(c.state.apiRoot, 'tracked_time does not exist');
  for (const t of mine) t.deleted = true;
  return { status: 204 };
};

/**
 * DeleteTime: the entry by its id, on the issue from Gitea 1.26
 * (GetTrackedTimeByID(issue id, id)), on any issue before and on Forgejo; 404
 * for none ("tracked_time does not exist [id: N]", db.ErrNotExist), 404 for
 * one deleted already, 403 for another user's entry unless a site
 * administrator; 204. Gitea 1.27 answers the not-found texts as the message
 * (APIErrorAuto, APIErrorNotFound("tracked time was already deleted")); Gitea
 * 1.23 and Forgejo put them in `errors` under the generic message
 * (NotFound(err), NotFound(fmt.Errorf("tracked time [%d] already deleted"))).
 * Recorded from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1.
 */
const deleteTime: Handler = (c) => {
  const repo = visibleRepo(c);
  const issue = issueOf(c, repo, 'error');
  if (!canUseTimetracker(c, repo, issue)) throw trackerRefusal(c, repo, true);
  const raw = c.params.id ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : -1;
  const t = issueWork(c.state).times.find((x) => x.id === id && (!giteaFrom(c.flavor, '1.26') || x.issueId === issue.id));
  const modern = modernGitea(c.flavor);
  const none = `tracked_time does not exist [id: ${Math.max(id, 0)}]`;
  if (!t) throw modern ? notFound(c.state.apiRoot, none) : notFoundBecause(c.state.apiRoot, none);
  if (t.deleted) throw modern ? notFound(c.state.apiRoot, 'tracked time was already deleted') : notFoundBecause(c.state.apiRoot, `tracked time [${t.id}] already deleted`);
  if (!c.user.admin && t.login.toLowerCase() !== c.user.login.toLowerCase()) throw new HttpError(403, undefined);
  t.deleted = true;
  return { status: 204 };
};

// Stopwatches ---------------------------------------------------------------

/** Seconds between two of this server's times. */
const elapsed = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/**
 * models/issues/stopwatch.go finishIssueStopwatch: the time since the start
 * becomes an entry of the stopwatch's issue, and the stopwatch goes.
 */
function finish(c: Call, sw: Stopwatch): void {
  const data = issueWork(c.state);
  const now = tick();
  data.times.push({ id: data.nextTimeId++, issueId: sw.issueId, login: sw.login, time: elapsed(sw.created, now), created: now, deleted: false });
  data.stopwatches = data.stopwatches.filter((s) => s !== sw);
}

/**
 * prepareIssueForStopwatch: the issue (404), then a writer of its issues and
 * CanUseTimetracker, else a bare 403 (time tracking off included). Gitea 1.23
 * and Forgejo check there too whether a stopwatch runs: 409 "cannot start a
 * stopwatch again if it already exists" or "cannot stop/cancel a non existent
 * stopwatch"; Gitea 1.25 and later answer from the model instead, with "cannot
 * stop a non-existent stopwatch" and "cannot cancel a non-existent stopwatch".
 */
function stopwatchAction(action: 'start' | 'stop' | 'cancel'): Handler {
  return (c) => {
    const repo = visibleRepo(c);
    const issue = issueOf(c, repo, 'bare');
    if (!canWrite(c, repo) || !canUseTimetracker(c, repo, issue)) throw new HttpError(403, undefined);
    const data = issueWork(c.state);
    const mine = (s: Stopwatch) => s.login.toLowerCase() === c.user.login.toLowerCase();
    const here = data.stopwatches.find((s) => mine(s) && s.issueId === issue.id);
    if (action === 'start') {
      if (here) throw new HttpError(409, { message: 'cannot start a stopwatch again if it already exists', url: `${c.state.apiRoot}/swagger` });
      // CreateIssueStopwatch: a stopwatch running on another issue is finished first.
      for (const other of data.stopwatches.filter(mine)) finish(c, other);
      data.stopwatches.push({ issueId: issue.id, login: c.user.login, created: tick() });
      return { status: 201 };
    }
    if (!here) {
      const message = giteaFrom(c.flavor, '1.25') ? `cannot ${action} a non-existent stopwatch` : 'cannot stop/cancel a non existent stopwatch';
      throw new HttpError(409, { message, url: `${c.state.apiRoot}/swagger` });
    }
    if (action === 'stop') {
      finish(c, here);
      return { status: 201 };
    }
    data.stopwatches = data.stopwatches.filter((s) => s !== here);
    return { status: 204 };
  };
}

/** One unit of modules/util/sec_to_time.go formatTime: "1 hour ", "2 minutes ". */
const unit = (n: number, name: string) => (n === 1 ? `1 ${name} ` : n > 1 ? `${n} ${name}s ` : '');

/**
 * A stopwatch's `duration`: Gitea's util.SecToHours (hours and minutes,
 * seconds only under a minute); Forgejo's util.SecToTime (up to two units from
 * years down to seconds). Only the units under a day are written here.
 */
export function durationText(flavor: Flavor, seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = seconds % 60;
  if (!flavor.forgejo) {
    const text = unit(h, 'hour') + unit(m, 'minute');
    return (text === '' && seconds > 0 ? unit(seconds, 'second') : text).trimEnd();
  }
  if (h > 0) return (unit(h, 'hour') + unit(m, 'minute')).trimEnd();
  return (unit(m, 'minute') + unit(s, 'second')).trimEnd();
}

/** GetStopwatches: the caller's running stopwatches, paged with X-Total-Count. */
const listStopwatches: Handler = (c) => {
  const data = issueWork(c.state);
  const now = tick();
  const mine = data.stopwatches.filter((s) => s.login.toLowerCase() === c.user.login.toLowerCase());
  return list(c, mine, (s) => {
    const issue = c.state.issues.find((i) => i.id === s.issueId) as Issue;
    const repo = repoOf(c, issue);
    const seconds = elapsed(s.created, now);
    return { created: s.created, seconds, duration: durationText(c.flavor, seconds), issue_index: issue.number, issue_title: issue.title, repo_owner_name: repo.owner, repo_name: repo.name };
  });
};

export const ISSUE_WORK_ROUTES: Array<[string, string, Handler]> = [
  ['GET', '/repos/:owner/:repo/issues/:index/dependencies', listDependencies],
  ['POST', '/repos/:owner/:repo/issues/:index/dependencies', changeDependency(true, true)],
  ['DELETE', '/repos/:owner/:repo/issues/:index/dependencies', changeDependency(false, true)],
  ['GET', '/repos/:owner/:repo/issues/:index/blocks', listBlocks],
  ['POST', '/repos/:owner/:repo/issues/:index/blocks', changeDependency(true, false)],
  ['DELETE', '/repos/:owner/:repo/issues/:index/blocks', changeDependency(false, false)],
  ['GET', '/repos/:owner/:repo/issues/:index/reactions', listReactions],
  ['POST', '/repos/:owner/:repo/issues/:index/reactions', changeReaction(true)],
  ['DELETE', '/repos/:owner/:repo/issues/:index/reactions', changeReaction(false)],
  ['GET', '/settings/ui', uiSettings],
  ['GET', '/repos/:owner/:repo/times', listRepoTimes],
  ['GET', '/repos/:owner/:repo/issues/:index/times', listIssueTimes],
  ['POST', '/repos/:owner/:repo/issues/:index/times', addTime],
  ['DELETE', '/repos/:owner/:repo/issues/:index/times', resetTimes],
  ['DELETE', '/repos/:owner/:repo/issues/:index/times/:id', deleteTime],
  ['POST', '/repos/:owner/:repo/issues/:index/stopwatch/start', stopwatchAction('start')],
  ['POST', '/repos/:owner/:repo/issues/:index/stopwatch/stop', stopwatchAction('stop')],
  ['DELETE', '/repos/:owner/:repo/issues/:index/stopwatch/delete', stopwatchAction('cancel')],
  ['GET', '/user/stopwatches', listStopwatches],
];
