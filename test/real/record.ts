// What a recording holds, and how its values are made comparable: the real
// server's host, the moments it stamps and the commit ids it makes differ from
// run to run, so they are written as placeholders. Commit ids and record ids
// are kept: the replay maps each to the in-memory server's own.
// The recorder (test/tools/record-real.ts) writes recordings; the replay
// (test/contract/replay.test.ts) holds the in-memory server to them.
import type { Exchange } from './proxy.js';

export interface Recording {
  /** The real server that answered: its flavour, its version as numbers and as it reported it, its name. */
  server: { flavour: 'gitea' | 'forgejo'; version: number[]; versionText: string; name: string };
  /** The day it was recorded, and with which administrator. */
  recorded: string;
  admin: string;
  /** A runner took the server's jobs (act_runner in host mode): the in-memory server replays it with its runner twin. */
  runner?: true;
  /** The scenario's steps as the real server made them go (problem: why a step did not go as expected). */
  steps: Array<{ title: string; exit: number | null; problem?: string }>;
  exchanges: Exchange[];
}

/** Values that are secrets wherever they appear (a minted token): never written. */
const SECRET_KEYS = new Set(['sha1', 'token', 'token_last_eight', 'access_token', 'password', 'secret']);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** How to write one server's values neutrally. */
export interface Neutral {
  /** The server's origins as they appear in its answers (`http://127.0.0.1:3901`). */
  origins: string[];
  /** When the run was: moments within two days of it are `{now}`. */
  at: number;
}

const DAY = 86_400_000;

function text(value: string, n: Neutral): string {
  let out = value;
  for (const origin of n.origins) {
    out = out.replaceAll(origin, '{server}');
    out = out.replaceAll(origin.replace(/^https?:\/\//, ''), '{host}');
  }
  if (ISO.test(out) && Math.abs(Date.parse(out) - n.at) < 2 * DAY) return '{now}';
  return out;
}

/** A value with hosts, recent moments and secrets written as placeholders. */
export function neutral(value: unknown, n: Neutral, key = ''): unknown {
  if (typeof value === 'string') return SECRET_KEYS.has(key) && value !== '' ? '{secret}' : text(value, n);
  if (Array.isArray(value)) return value.map((v) => neutral(v, n));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = neutral(v, n, k);
    return out;
  }
  return value;
}
