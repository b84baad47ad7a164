// Replaying a recording (test/fixtures/recordings/) against the in-memory
// server: every exchange the real server had is sent again, in order, from the
// same starting state (one administrator), and the in-memory server's answer is
// compared with the real one's: the status, and every field of the body that
// kettle reads (read-fields.ts). Ids
// and commit ids differ between the two by nature, so each is mapped to the
// in-memory server's own the first time an answer shows it, and the requests
// that follow name the mapped one.
import { type Neutral, neutral, type Recording } from '../real/record.js';
import type { Exchange } from '../real/proxy.js';
import { SECOND_PASSWORD } from '../real/scenario.js';

export interface Difference {
  /** The step and request: `issue view: GET /repos/kettle-admin/rec-teapot/issues/1`. */
  exchange: string;
  /** Where in the answer: `status`, `body.labels[0].color`. */
  where: string;
  real: unknown;
  memory: unknown;
}

/** Segments whose next segment is an index, not an id: never mapped. */
const INDEXED = new Set(['issues', 'pulls']);
/** The collection a nested record belongs to, by the key it stands under. */
const NESTED: Record<string, string> = {
  milestone: 'milestones',
  user: 'users',
  owner: 'users',
  poster: 'users',
  assignee: 'users',
  assignees: 'users',
  author: 'users',
  creator: 'users',
  committer: 'users',
  merged_by: 'users',
  repo: 'repos',
  repository: 'repos',
  parent: 'repos',
  // Gitea's dispatch answer names the run it started (return_run_details).
  workflow_run: 'runs',
  // The runner protocol's Register answers the runner it made.
  runner: 'runners',
};
/**
 * Answers that hold records of another collection than their path's last word: Forgejo's dispatch answers a run;
 * Gitea's reply to a line comment (…/pulls/3/comments/34/replies) answers the new line comment.
 */
const ANSWERS: Record<string, string> = { dispatches: 'runs', replies: 'comments' };
/** Actions that answer the record they act on, of the collection before them: …/runs/2/rerun a run, …/jobs/8/rerun a job. */
const ACTS_ON = new Set(['rerun']);
/**
 * Lists whose order means nothing: a webhook's events come from a map on Gitea 1.27 (recorded in a different
 * order each time); so do a team's units (convert.ToTeam, from team.Units as loaded: recorded in three different
 * orders from Gitea 1.23.8, 1.27.0 and Forgejo 11.0.1).
 */
const SETS = new Set(['events', 'units']);
/** The collection an `X_id` field names: `repo_id` a repository. */
const idCollection = (key: string): string => NESTED[key.slice(0, -3)] ?? `${key.slice(0, -3)}s`;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const UUID_ALL = new RegExp(UUID.source, 'g');
const SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/;
/** Commit ids inside a path segment: a comparison's `BASE...HEAD`. */
const SHA_IN = /(?<![0-9a-f])(?:[0-9a-f]{64}|[0-9a-f]{40})(?![0-9a-f])/g;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
/** A password the scenario sent, which the recording keeps as {secret}: the second user's, and the administrator's in the replay. */
export const REPLAY_PASSWORD = SECOND_PASSWORD;

/**
 * Whose collection a path names: a user's own (`/user/keys`: SSH keys) apart
 * from a repository's (`/repos/o/r/keys`: deploy keys), whose ids count apart
 * on the servers.
 */
function ownedBy(path: string): string {
  return /^(?:\{server\}\/api\/v1)?\/user\//.test(path) ? 'user:' : '';
}

/** The collection a request's answer holds: the last literal segment that is not an id. */
function collectionOf(path: string): string {
  const segs = path.split('/').filter((s) => s !== '' && !/^\d+$/.test(s));
  const last = (ACTS_ON.has(segs[segs.length - 1] ?? '') ? segs[segs.length - 2] : segs[segs.length - 1]) ?? '';
  return `${ownedBy(path)}${ANSWERS[last] ?? last}`;
}

export class Replay {
  /** Recorded id -> in-memory id, per collection. */
  private readonly ids = new Map<string, Map<number, number>>();
  /** Recorded commit id -> in-memory commit id. */
  private readonly shas = new Map<string, string>();
  /** Recorded uuid -> in-memory uuid. */
  private readonly uuids = new Map<string, string>();
  readonly differences: Difference[] = [];

  constructor(
    private readonly real: Neutral,
    private readonly memory: Neutral,
    /** The field names compared (test/contract/read-fields.ts); ids are always learnt. */
    private readonly reads: ReadonlySet<string>,
  ) {}

  /** The request path with recorded ids and commit ids replaced by the in-memory server's. */
  path(path: string): string {
    const segs = path.split('/');
    const own = ownedBy(path);
    return segs
      .map((s, i) => {
        const before = segs[i - 1] ?? '';
        if (/^\d+$/.test(s) && !INDEXED.has(before)) return String(this.ids.get(`${own}${before}`)?.get(Number(s)) ?? s);
        return s.replace(SHA_IN, (sha) => this.shas.get(sha) ?? sha);
      })
      .join('/');
  }

  /** An address with the ids it names mapped: path segments, and a comment's anchor (`#issuecomment-9`). */
  address(url: string): string {
    const [path = '', anchor] = url.split('#', 2);
    const comment = anchor === undefined ? undefined : /^issuecomment-(\d+)$/.exec(anchor)?.[1];
    const mapped = comment === undefined ? anchor : `issuecomment-${this.ids.get('comments')?.get(Number(comment)) ?? comment}`;
    return `${this.path(path)}${mapped === undefined ? '' : `#${mapped}`}`;
  }

  /** The request body with recorded label and milestone ids replaced, and the scenario's password put back. */
  body(body: unknown): unknown {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) {
      if (v === '{secret}') out[k] = REPLAY_PASSWORD;
      else if (typeof v === 'string' && v.includes('{server}')) out[k] = v.replaceAll('{server}', this.memory.origins[0] ?? '');
      else if (k === 'labels' && Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'number' ? (this.ids.get('labels')?.get(x) ?? x) : x));
      else if (k === 'milestone' && typeof v === 'number' && v > 0) out[k] = this.ids.get('milestones')?.get(v) ?? v;
      else out[k] = v;
    }
    return out;
  }

  /** Compare one answer; differences are kept, ids and commit ids learnt. */
  compare(e: Exchange, status: number, answer: unknown): void {
    const exchange = `${e.step || '(set-up)'}: ${e.method} ${e.path}`;
    if (status !== e.status) this.differences.push({ exchange, where: 'status', real: e.status, memory: status });
    if (status !== e.status || e.answer === undefined || typeof e.answer === 'string') return;
    this.value(exchange, 'body', collectionOf(e.path), neutral(e.answer, this.real), neutral(answer, this.memory));
  }

  private value(exchange: string, where: string, collection: string, real: unknown, memory: unknown): void {
    const differ = () => this.differences.push({ exchange, where, real, memory });
    if (typeof real === 'string' && SHA.test(real)) {
      if (typeof memory !== 'string' || !SHA.test(memory)) return void differ();
      const known = this.shas.get(real);
      if (known === undefined) this.shas.set(real, memory);
      else if (known !== memory) differ();
      return;
    }
    if (Array.isArray(real)) {
      if (!Array.isArray(memory)) return void differ();
      if (real.length !== memory.length) return void this.differences.push({ exchange, where: `${where}.length`, real: real.length, memory: memory.length });
      real.forEach((r, i) => this.value(exchange, `${where}[${i}]`, collection, r, memory[i]));
      return;
    }
    if (real !== null && typeof real === 'object') {
      if (memory === null || typeof memory !== 'object' || Array.isArray(memory)) return void differ();
      const r = real as Record<string, unknown>;
      const m = memory as Record<string, unknown>;
      for (const key of new Set([...Object.keys(r), ...Object.keys(m)])) {
        if (key !== 'id' && !key.endsWith('_id') && !this.reads.has(key)) continue;
        const at = `${where}.${key}`;
        if (!(key in m)) this.differences.push({ exchange, where: at, real: r[key], memory: '(absent)' });
        else if (!(key in r)) this.differences.push({ exchange, where: at, real: '(absent)', memory: m[key] });
        else if ((key === 'id' || key.endsWith('_id')) && typeof r[key] === 'number') {
          if (typeof m[key] !== 'number') this.differences.push({ exchange, where: at, real: r[key], memory: m[key] });
          else this.learn(key === 'id' ? collection : idCollection(key), r[key] as number, m[key] as number);
        } else if (key === 'id' && typeof r[key] === 'string' && /^\d+$/.test(r[key] as string) && typeof m[key] === 'string' && /^\d+$/.test(m[key] as string)) {
          // Connect's JSON (the runner protocol: Register's answer) writes an int64 as a string.
          this.learn(collection, Number(r[key]), Number(m[key]));
        } else if (SETS.has(key) && Array.isArray(r[key]) && Array.isArray(m[key])) {
          this.value(exchange, at, collection, [...(r[key] as unknown[])].map(String).sort(), [...(m[key] as unknown[])].map(String).sort());
        } else this.value(exchange, at, NESTED[key] ?? (Array.isArray(r[key]) || (r[key] !== null && typeof r[key] === 'object') ? key : collection), r[key], m[key]);
      }
      return;
    }
    // Uuids (an asset's) are mapped as commit ids are, inside addresses too.
    if (typeof real === 'string' && typeof memory === 'string' && UUID.test(real)) {
      const ours = memory.match(UUID_ALL) ?? [];
      const theirs = real.match(UUID_ALL) ?? [];
      if (ours.length === theirs.length) {
        theirs.forEach((u, i) => {
          if (!this.uuids.has(u)) this.uuids.set(u, ours[i] as string);
        });
        if (real.replace(UUID_ALL, (u) => this.uuids.get(u) ?? u) === memory) return;
      }
    }
    // A moment the real server stamped (`{now}`): the in-memory server keeps a clock of its own (state.ts tick).
    if (real === '{now}' && typeof memory === 'string' && ISO.test(memory)) return;
    // An address that names a record by id (`…/labels/1`) names the mapped one.
    if (typeof real === 'string' && real.includes('/') && this.address(real) === memory) return;
    if (real !== memory) differ();
  }

  private learn(collection: string, real: number, memory: number): void {
    let map = this.ids.get(collection);
    if (!map) this.ids.set(collection, (map = new Map()));
    if (!map.has(real)) map.set(real, memory);
  }
}

export type { Recording };
