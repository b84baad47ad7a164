// The in-memory server's data: users, tokens, organizations, repositories,
// labels, issues, pull requests and hooks, and how each is shown as the JSON
// record a Gitea-family server returns.
import { createHash, randomBytes } from 'node:crypto';

/** The topics of a repository whose topics were never set: [] on Gitea, null on Forgejo (index.ts asReleased). */
export const NO_TOPICS: readonly string[] = Object.freeze([]);

export interface User {
  id: number;
  login: string;
  full_name: string;
  email: string;
  password: string;
  created_at: string;
  /** Organizations share the user namespace, as on real servers. */
  isOrg: false;
  /** A site administrator (the first user of a fresh real server; `kettle-admin` in the scenario). */
  admin?: boolean;
  /** What site administration sets (routes-admin.ts); absent: as a new account is. */
  active?: boolean;
  prohibitLogin?: boolean;
  restricted?: boolean;
  visibility?: 'public' | 'limited' | 'private';
  mustChangePassword?: boolean;
  loginName?: string;
}

export interface Org {
  id: number;
  login: string;
  full_name: string;
  description: string;
  created_at: string;
  members: string[];
  isOrg: true;
}

export interface Token {
  id: number;
  name: string;
  login: string;
  sha1: string;
  scopes: string[];
}

export interface Repo {
  id: number;
  owner: string;
  name: string;
  description: string;
  private: boolean;
  branches: string[];
  created_at: string;
  updated_at: string;
}

export interface Label {
  id: number;
  repoId: number;
  name: string;
  color: string;
  description: string;
}

export interface PullInfo {
  head: string;
  base: string;
  merged: boolean;
  merged_at: string | null;
  merged_by: string | null;
  merge_style: string | null;
  merge_message: string | null;
}

export interface Issue {
  id: number;
  repoId: number;
  number: number;
  title: string;
  body: string;
  author: string;
  state: 'open' | 'closed';
  labels: number[];
  assignees: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  pull: PullInfo | null;
}

export interface Hook {
  id: number;
  repoId: number;
  type: string;
  url: string;
  content_type: string;
  secret: string;
  /** The event switches that are on, by their own names (hook-rules.ts shows them as each server does). */
  events: string[];
  active: boolean;
  created_at: string;
  updated_at: string;
  /** Stored as sent; a hook made in the web interface has `*`. */
  branch_filter?: string;
  authorization_header?: string;
  /** A slack hook's settings (services/webhook SlackMeta). */
  slack?: { channel: string; username: string; icon_url: string; color: string };
}

export type Json = Record<string, unknown>;

/** Times move forward one second per record so orderings are stable. */
let clock = Date.parse('2026-01-05T09:00:00Z');
let realClock = false;
/** From now on, records get the time of day (never going back), as the demo's playground wants once its sample data is in. */
export function useRealClock(): void {
  realClock = true;
}
export function tick(): string {
  clock = realClock ? Math.max(clock + 1, Date.now()) : clock + 1000;
  return new Date(clock).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class State {
  users: User[] = [];
  orgs: Org[] = [];
  tokens: Token[] = [];
  repos: Repo[] = [];
  labels: Label[] = [];
  issues: Issue[] = [];
  hooks: Hook[] = [];
  private nextId = 1;
  /** Per repository: the issues and pull requests, keyed by number, for fast look-up. */
  private byRepo = new Map<number, Issue[]>();

  constructor(
    readonly webRoot: string,
    readonly apiRoot: string,
  ) {}

  private readonly extensions = new Map<string, unknown>();

  /**
   * What feature modules add to a repository's record as shown (an edited
   * website, a fork's parent), applied in order after the core fields.
   */
  readonly repoViews: Array<(r: Repo, json: Json, viewer: string) => void> = [];

  /**
   * The data of a feature kept in a module of its own (releases, comments,
   * reviews…), created on first use: the module owns its shape, this file
   * stays the core.
   */
  extension<T>(key: string, create: () => T): T {
    if (!this.extensions.has(key)) this.extensions.set(key, create());
    return this.extensions.get(key) as T;
  }

  private readonly disposers: Array<() => void> = [];

  /** Something to undo when the server closes (a folder of asset files). */
  onDispose(undo: () => void): void {
    this.disposers.push(undo);
  }

  /** Undo what the feature modules made outside memory; the server's close() calls it. */
  dispose(): void {
    for (const undo of this.disposers.splice(0)) undo();
  }

  id(): number {
    return this.nextId++;
  }

  /**
   * Fields that feature modules add to the records shown (an issue's
   * milestone, due date and comment count; a label's exclusivity): each runs
   * on the record as built here.
   */
  readonly decorators: { issue: Array<(i: Issue, json: Json) => void>; label: Array<(l: Label, json: Json) => void> } = { issue: [], label: [] };

  // Look-ups ------------------------------------------------------------

  user(login: string): User | undefined {
    const l = login.toLowerCase();
    return this.users.find((u) => u.login.toLowerCase() === l);
  }

  org(name: string): Org | undefined {
    const l = name.toLowerCase();
    return this.orgs.find((o) => o.login.toLowerCase() === l);
  }

  owner(name: string): User | Org | undefined {
    return this.user(name) ?? this.org(name);
  }

  repo(owner: string, name: string): Repo | undefined {
    const o = owner.toLowerCase();
    const n = name.toLowerCase();
    return this.repos.find((r) => r.owner.toLowerCase() === o && r.name.toLowerCase() === n);
  }

  repoById(id: number): Repo | undefined {
    return this.repos.find((r) => r.id === id);
  }

  issuesOf(repo: Repo): Issue[] {
    let list = this.byRepo.get(repo.id);
    if (!list) {
      list = [];
      this.byRepo.set(repo.id, list);
    }
    return list;
  }

  issue(repo: Repo, number: number): Issue | undefined {
    return this.issuesOf(repo).find((i) => i.number === number);
  }

  /**
   * Access that feature modules grant beyond ownership and organization
   * membership (a collaborator's permission), consulted by canSee and canWrite.
   */
  readonly grants: Array<(login: string, repo: Repo) => 'read' | 'write' | 'admin' | undefined> = [];

  private granted(login: string, repo: Repo): Array<'read' | 'write' | 'admin'> {
    return this.grants.map((g) => g(login, repo)).filter((g): g is 'read' | 'write' | 'admin' => g !== undefined);
  }

  /** Whether a user may see (and, for simplicity, change) a repository. */
  canSee(login: string, repo: Repo): boolean {
    if (!repo.private) return true;
    return this.canWrite(login, repo) || this.granted(login, repo).length > 0;
  }

  canWrite(login: string, repo: Repo): boolean {
    if (this.granted(login, repo).some((g) => g !== 'read')) return true;
    return this.owns(login, repo);
  }

  /** Repository admin (reqAdmin): the owner, a member of the owning organization, or an admin collaborator. */
  canAdmin(login: string, repo: Repo): boolean {
    return this.owns(login, repo) || this.granted(login, repo).includes('admin');
  }

  /** The owner, or a member of the owning organization (reqOwner). */
  owns(login: string, repo: Repo): boolean {
    if (repo.owner.toLowerCase() === login.toLowerCase()) return true;
    const org = this.org(repo.owner);
    return Boolean(org?.members.some((m) => m.toLowerCase() === login.toLowerCase()));
  }

  // Changes -------------------------------------------------------------

  addUser(login: string, fullName: string, password = `${login}-password`): User {
    const user: User = {
      id: this.id(),
      login,
      full_name: fullName,
      email: `${login}@example.com`,
      password,
      created_at: tick(),
      isOrg: false,
    };
    this.users.push(user);
    return user;
  }

  addToken(login: string, name = `token-${this.tokens.length + 1}`, scopes: string[] = ['all']): Token {
    const sha1 = createHash('sha1').update(randomBytes(20)).digest('hex');
    const token: Token = { id: this.id(), name, login, sha1, scopes };
    this.tokens.push(token);
    return token;
  }

  addOrg(login: string, fullName: string, members: string[]): Org {
    const org: Org = { id: this.id(), login, full_name: fullName, description: '', created_at: tick(), members, isOrg: true };
    this.orgs.push(org);
    return org;
  }

  addRepo(owner: string, name: string, opts: { description?: string; private?: boolean; init?: boolean } = {}): Repo {
    const now = tick();
    const repo: Repo = {
      id: this.id(),
      owner,
      name,
      description: opts.description ?? '',
      private: opts.private ?? false,
      branches: opts.init ? ['main'] : [],
      created_at: now,
      updated_at: now,
    };
    this.repos.push(repo);
    return repo;
  }

  deleteRepo(repo: Repo): void {
    this.repos = this.repos.filter((r) => r !== repo);
    this.issues = this.issues.filter((i) => i.repoId !== repo.id);
    this.hooks = this.hooks.filter((h) => h.repoId !== repo.id);
    this.labels = this.labels.filter((l) => l.repoId !== repo.id);
    this.byRepo.delete(repo.id);
  }

  addLabel(repo: Repo, name: string, color = 'e11d21', description = ''): Label {
    const label: Label = { id: this.id(), repoId: repo.id, name, color, description };
    this.labels.push(label);
    return label;
  }

  addIssue(repo: Repo, author: string, init: { title: string; body?: string; labels?: number[]; assignees?: string[]; state?: 'open' | 'closed'; pull?: { head: string; base: string } }): Issue {
    const list = this.issuesOf(repo);
    const now = tick();
    const issue: Issue = {
      id: this.id(),
      repoId: repo.id,
      number: list.length === 0 ? 1 : (list[list.length - 1] as Issue).number + 1,
      title: init.title,
      body: init.body ?? '',
      author,
      state: init.state ?? 'open',
      labels: init.labels ?? [],
      assignees: init.assignees ?? [],
      created_at: now,
      updated_at: now,
      closed_at: init.state === 'closed' ? now : null,
      pull: init.pull ? { head: init.pull.head, base: init.pull.base, merged: false, merged_at: null, merged_by: null, merge_style: null, merge_message: null } : null,
    };
    list.push(issue);
    this.issues.push(issue);
    return issue;
  }

  /** Many issues at once, for pagination tests and benchmarks. */
  bulkIssues(repo: Repo, author: string, count: number, state: 'open' | 'closed' = 'open'): void {
    for (let i = 0; i < count; i++) this.addIssue(repo, author, { title: `Generated issue ${i + 1}`, body: `Body of generated issue ${i + 1}`, state });
  }

  addHook(repo: Repo, init: Omit<Hook, 'id' | 'repoId' | 'created_at' | 'updated_at'>): Hook {
    const now = tick();
    const hook: Hook = { id: this.id(), repoId: repo.id, created_at: now, updated_at: now, ...init };
    this.hooks.push(hook);
    return hook;
  }

  // Records as a server shows them --------------------------------------

  userJson(u: User | Org): Json {
    return {
      id: u.id,
      login: u.login,
      login_name: u.isOrg ? '' : (u.loginName ?? ''),
      source_id: 0,
      full_name: u.full_name,
      email: u.isOrg ? '' : u.email,
      avatar_url: `${this.webRoot}/avatars/${u.id}`,
      html_url: `${this.webRoot}/${u.login}`,
      language: '',
      is_admin: !u.isOrg && u.admin === true,
      last_login: u.created_at,
      // services/convert/user.go toUser: `created`, not `created_at` (recorded from real Gitea 1.23.8 and 1.27.0).
      created: u.created_at,
      restricted: !u.isOrg && u.restricted === true,
      active: u.isOrg || u.active !== false,
      prohibit_login: !u.isOrg && u.prohibitLogin === true,
      location: '',
      website: '',
      description: '',
      visibility: (!u.isOrg && u.visibility) || 'public',
      followers_count: 0,
      following_count: 0,
      starred_repos_count: 0,
      username: u.login,
    };
  }

  orgJson(o: Org): Json {
    return {
      id: o.id,
      name: o.login,
      full_name: o.full_name,
      email: '',
      avatar_url: `${this.webRoot}/avatars/${o.id}`,
      description: o.description,
      website: '',
      location: '',
      visibility: 'public',
      repo_admin_change_team_access: false,
      username: o.login,
    };
  }

  repoJson(r: Repo, viewer: string): Json {
    const owner = this.owner(r.owner);
    const issues = this.issuesOf(r);
    const full = `${r.owner}/${r.name}`;
    const write = this.canWrite(viewer, r);
    const json: Json = {
      id: r.id,
      owner: owner ? this.userJson(owner) : null,
      name: r.name,
      full_name: full,
      description: r.description,
      empty: r.branches.length === 0,
      private: r.private,
      fork: false,
      template: false,
      // services/convert/repo.go innerToRepo: `topics`, `link` and `mirror_interval` always (recorded from real Gitea
      // 1.23.8 and 1.27.0); `parent` null but for a fork (routes-repos.ts), left out by Gitea 1.27 (index.ts).
      parent: null,
      mirror: false,
      mirror_interval: '',
      link: '',
      topics: NO_TOPICS,
      size: 0,
      language: '',
      html_url: `${this.webRoot}/${full}`,
      url: `${this.apiRoot}/repos/${full}`,
      ssh_url: `git@${new URL(this.webRoot).hostname}:${full}.git`,
      clone_url: `${this.webRoot}/${full}.git`,
      website: '',
      stars_count: 0,
      forks_count: 0,
      watchers_count: 1,
      open_issues_count: issues.filter((i) => !i.pull && i.state === 'open').length,
      open_pr_counter: issues.filter((i) => i.pull && i.state === 'open').length,
      default_branch: 'main',
      archived: false,
      created_at: r.created_at,
      updated_at: r.updated_at,
      permissions: { admin: write, push: write, pull: true },
      has_issues: true,
      has_pull_requests: true,
      internal: false,
    };
    for (const view of this.repoViews) view(r, json, viewer);
    return json;
  }

  labelJson(l: Label): Json {
    const repo = this.repoById(l.repoId);
    const json: Json = {
      id: l.id,
      name: l.name,
      exclusive: false,
      is_archived: false,
      color: l.color,
      description: l.description,
      url: repo ? `${this.apiRoot}/repos/${repo.owner}/${repo.name}/labels/${l.id}` : '',
    };
    for (const decorate of this.decorators.label) decorate(l, json);
    return json;
  }

  labelsJson(ids: number[]): Json[] {
    return ids
      .map((id) => this.labels.find((l) => l.id === id))
      .filter((l): l is Label => Boolean(l))
      .map((l) => this.labelJson(l));
  }

  private personJson(login: string | null): Json | null {
    if (login === null) return null;
    const u = this.owner(login);
    return u ? this.userJson(u) : null;
  }

  issueJson(i: Issue): Json {
    const repo = this.repoById(i.repoId) as Repo;
    const full = `${repo.owner}/${repo.name}`;
    const assignees = i.assignees.map((a) => this.personJson(a)).filter(Boolean);
    const json: Json = {
      id: i.id,
      url: `${this.apiRoot}/repos/${full}/issues/${i.number}`,
      html_url: `${this.webRoot}/${full}/${i.pull ? 'pulls' : 'issues'}/${i.number}`,
      number: i.number,
      user: this.personJson(i.author),
      original_author: '',
      original_author_id: 0,
      title: i.title,
      body: i.body,
      ref: '',
      assets: [],
      labels: this.labelsJson(i.labels),
      milestone: null,
      assignee: assignees[0] ?? null,
      assignees: assignees.length > 0 ? assignees : null,
      state: i.state,
      is_locked: false,
      comments: 0,
      created_at: i.created_at,
      updated_at: i.updated_at,
      closed_at: i.closed_at,
      due_date: null,
      pull_request: i.pull ? { merged: i.pull.merged, merged_at: i.pull.merged_at, draft: false, html_url: `${this.webRoot}/${full}/pulls/${i.number}` } : null,
      repository: { id: repo.id, name: repo.name, owner: repo.owner, full_name: full },
      pin_order: 0,
    };
    for (const decorate of this.decorators.issue) decorate(i, json);
    return json;
  }

  private branchJson(repo: Repo, ref: string): Json {
    return {
      label: ref,
      ref,
      sha: createHash('sha1').update(`${repo.id}:${ref}`).digest('hex'),
      repo_id: repo.id,
      repo: { id: repo.id, name: repo.name, full_name: `${repo.owner}/${repo.name}` },
    };
  }

  pullJson(i: Issue, viewer: string): Json {
    const repo = this.repoById(i.repoId) as Repo;
    const full = `${repo.owner}/${repo.name}`;
    const pull = i.pull as PullInfo;
    const assignees = i.assignees.map((a) => this.personJson(a)).filter(Boolean);
    const json: Json = {
      id: i.id,
      url: `${this.webRoot}/${full}/pulls/${i.number}`,
      number: i.number,
      user: this.personJson(i.author),
      title: i.title,
      body: i.body,
      labels: this.labelsJson(i.labels),
      milestone: null,
      assignee: assignees[0] ?? null,
      assignees,
      requested_reviewers: [],
      state: i.state,
      draft: false,
      is_locked: false,
      comments: 0,
      html_url: `${this.webRoot}/${full}/pulls/${i.number}`,
      diff_url: `${this.webRoot}/${full}/pulls/${i.number}.diff`,
      patch_url: `${this.webRoot}/${full}/pulls/${i.number}.patch`,
      mergeable: i.state === 'open' && !pull.merged,
      merged: pull.merged,
      merged_at: pull.merged_at,
      merge_commit_sha: pull.merged ? createHash('sha1').update(`merge:${i.id}`).digest('hex') : null,
      merged_by: this.personJson(pull.merged_by),
      allow_maintainer_edit: false,
      base: this.branchJson(repo, pull.base),
      head: this.branchJson(repo, pull.head),
      merge_base: createHash('sha1').update(`base:${i.id}`).digest('hex'),
      due_date: null,
      created_at: i.created_at,
      updated_at: i.updated_at,
      closed_at: i.closed_at,
      pin_order: 0,
      permissions_viewer: viewer,
    };
    // A pull request is an issue: its milestone, due date and comment count come from the same decorations.
    for (const decorate of this.decorators.issue) decorate(i, json);
    return json;
  }

  hookJson(h: Hook): Json {
    // Real servers never send the secret back.
    return {
      id: h.id,
      type: h.type,
      branch_filter: h.branch_filter ?? '*',
      config: { content_type: h.content_type, url: h.url, http_method: 'post' },
      events: h.events,
      authorization_header: h.authorization_header ?? '',
      active: h.active,
      updated_at: h.updated_at,
      created_at: h.created_at,
    };
  }
}

/** The sample data of the demo and the tests: three users, an organization, repositories with issues, pulls and hooks. */
export function seedDemo(state: State): void {
  state.addUser('alice', 'Alice Liddell');
  state.addUser('bob', 'Bob Builder');
  state.addUser('carol', 'Carol Danvers');
  state.addOrg('wonderland', 'Wonderland Tea Co.', ['alice', 'bob']);

  const teapot = state.addRepo('alice', 'teapot', { description: 'A teapot that knows when to stop', init: true });
  teapot.branches.push('feature/lid', 'fix/spout');
  state.addRepo('alice', 'notes', { description: 'Private notes', private: true, init: true });
  const party = state.addRepo('wonderland', 'tea-party', { description: 'The unbirthday schedule', init: true });
  party.branches.push('more-tea');
  state.addRepo('bob', 'toolbox', { description: 'Can we fix it?', init: true });

  const bug = state.addLabel(teapot, 'bug', 'e11d21', 'Something is broken');
  const idea = state.addLabel(teapot, 'enhancement', '207de5', 'A new idea');
  state.addIssue(teapot, 'alice', { title: 'Lid rattles when the water boils', body: 'It rattles.\nLoudly.', labels: [bug.id] });
  state.addIssue(teapot, 'bob', { title: 'Spout drips after pouring', labels: [bug.id], assignees: ['alice'] });
  state.addIssue(teapot, 'carol', { title: 'Add a whistle', labels: [idea.id] });
  state.addIssue(teapot, 'alice', { title: 'Handle gets too hot', state: 'closed' });
  state.addIssue(teapot, 'bob', { title: 'Quieter lid', body: 'Adds felt under the lid.', pull: { head: 'feature/lid', base: 'main' } });
  state.addIssue(party, 'bob', { title: "Move the party to six o'clock" });
  state.addIssue(party, 'alice', { title: 'More tea', pull: { head: 'more-tea', base: 'main' } });
  state.addHook(teapot, { type: 'gitea', url: 'https://ci.example.com/hook', content_type: 'json', secret: 'seeded-secret', events: ['push'], active: true });
}
