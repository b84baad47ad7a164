// The in-memory server held to the real servers: each recording in
// test/fixtures/recordings/ (made with `npm run record:real` against a real
// Gitea or Forgejo) is replayed against the in-memory server playing that
// release, from the same starting state, and must answer alike (replay.ts):
// the same status and the same fields with the same values. A difference kept
// on purpose is listed, with its reason, in replay-known.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Dispatcher, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/harness.js';
import type { Recording } from '../real/record.js';
import { actionsData } from '../server/routes-actions.js';
import { addHostRunner } from '../server/routes-runners.js';
import { ADMIN, freshServer } from '../support/fresh-server.js';
import { type Difference, REPLAY_PASSWORD, Replay } from './replay.js';
import { explained } from './replay-known.js';
import { fieldsKettleReads } from './read-fields.js';

const READS = fieldsKettleReads(join(ROOT, 'src'));

const DIR = join(ROOT, 'test', 'fixtures', 'recordings');
const recordings = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Recording);

/** Replay a recording against a fresh in-memory server of its release; the differences found. */
export async function replay(recording: Recording): Promise<Difference[]> {
  const { server, token, close } = await freshServer(recording.server.flavour === 'forgejo' ? { forgejo: true, version: recording.server.versionText } : { version: recording.server.versionText });
  server.state.user(ADMIN)!.password = REPLAY_PASSWORD;
  if (recording.runner) {
    actionsData(server.state).noRunner = false;
    actionsData(server.state).runner = 'instant';
    addHostRunner(server.state);
  }
  const replay = new Replay({ origins: [], at: Date.parse(recording.recorded) }, { origins: [new URL(server.url).origin], at: Date.now() }, READS);
  try {
    /** Tokens the replay saw minted, by user: a recorded request made with a minted token is sent with its counterpart. */
    const minted = new Map<string, string>();
    // Outside the API, only what the scenario sends itself: a package uploaded to the generic registry, which the package steps then read,
    // and a runner registered through the runner protocol (as act_runner does), which the runner steps then list and delete.
    const upload = (x: (typeof recording.exchanges)[number]) => x.web === true && x.method === 'PUT' && x.path.startsWith('/api/packages/');
    const register = (x: (typeof recording.exchanges)[number]) => x.web === true && x.method === 'POST' && x.path.endsWith('/api/actions/runner.v1.RunnerService/Register');
    /** The registration token the in-memory server gave last: what the recorded Register (its token kept as {secret}) is sent with. */
    let registration = '';
    for (const e of recording.exchanges.filter((x) => x.web !== true || upload(x) || register(x))) {
      const headers: Record<string, string> = { 'user-agent': 'kettle-replay' };
      const own = e.as === undefined ? token : (minted.get(e.as) ?? token);
      if (e.auth === 'token') headers.authorization = e.status === 401 ? 'token not-a-token-of-this-server' : `token ${own}`;
      if (e.auth === 'basic') headers.authorization = `Basic ${Buffer.from(`${e.as ?? ADMIN}:${REPLAY_PASSWORD}`).toString('base64')}`;
      for (const [k, v] of Object.entries(e.headers ?? {})) headers[k] = v;
      let body: string | Buffer | undefined;
      if (e.body !== undefined) {
        headers['content-type'] = e.bodyType ?? 'application/json';
        const bytes = (e.body as { bytes?: number }).bytes;
        body =
          typeof bytes === 'number' && !/json/.test(e.bodyType ?? '') ? Buffer.alloc(bytes, 'x') : JSON.stringify(register(e) ? { ...(e.body as object), token: registration } : replay.body(e.body));
      }
      const query = new URLSearchParams(e.query).toString();
      const url = `${server.url.replace(/\/$/, '')}${upload(e) || register(e) ? e.path : `/api/v1${replay.path(e.path)}`}${query ? `?${query}` : ''}`;
      // undici's request, as kettle sends them: fetch drops the body of a 205, which the servers send with one.
      const answer = await request(url, { method: e.method as Dispatcher.HttpMethod, headers, ...(body !== undefined ? { body } : {}) });
      const text = await answer.body.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = text;
      }
      const given = (parsed as { token?: unknown } | undefined)?.token;
      if (e.path.endsWith('/registration-token') && answer.statusCode === 200 && typeof given === 'string') registration = given;
      const mintedFor = /^\/users\/([^/]+)\/tokens$/.exec(e.path)?.[1];
      const sha1 = (parsed as { sha1?: unknown } | undefined)?.sha1;
      if (mintedFor !== undefined && answer.statusCode === 201 && typeof sha1 === 'string') minted.set(decodeURIComponent(mintedFor), sha1);
      replay.compare(e, answer.statusCode, parsed);
    }
  } finally {
    await close();
  }
  return replay.differences;
}

describe.each(recordings.map((r) => [r.server.name, r] as const))('the recording of %s', (_name, recording) => {
  it('was made with the scenario going as the real server makes it go', () => {
    expect(recording.steps.filter((s) => s.problem !== undefined)).toEqual([]);
  });

  it('is answered alike by the in-memory server playing that release', async () => {
    const differences = (await replay(recording)).filter((d) => !explained(recording, d));
    const shown = differences.map((d) => `${d.exchange}: ${d.where}: real ${JSON.stringify(d.real)}, in memory ${JSON.stringify(d.memory)}`);
    expect(shown, shown.slice(0, 60).join('\n')).toEqual([]);
  }, 120_000);
});
