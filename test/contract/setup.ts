// Registered as a vitest setup file: after each test (and after each file, for
// requests sent from hooks), every request kettle sent to an in-memory server
// is checked against what a real Gitea server accepts, and a real Forgejo
// server (./check.ts).
//
// A value the user typed that only one of the two servers lists (hook add
// --type forgejo) is allowed when that server accepts the whole request.
//
// Not checked, by a narrow rule:
// - requests that arrived while a `kettle api` process was running: the escape
//   hatch sends whatever the user asks, on purpose;
// - requests answered with an injected fault (server.fault): the tests make
//   those go wrong on purpose and look at kettle's reaction, not the request;
// - requests that kettle did not send (no kettle/ User-Agent): a test's own fetch.
import { appendFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { type LoggedRequest, requestLog } from '../server/log.js';
import { checkRequestAll, findEndpoint, loadFixtures } from './check.js';

const fixtures = loadFixtures();

/** The global options that take a value as the next argument, read from the program itself. */
const GLOBAL_WITH_VALUE = new Set(
  (await buildProgram({ streams: { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env: {} }, version: '0', onContext: () => undefined })).options
    .filter((o) => o.required || o.optional)
    .flatMap((o) => [o.long, o.short].filter((f): f is string => f !== undefined)),
);

/** The subcommand of a kettle argument list, past the global options. */
export function verbOf(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (GLOBAL_WITH_VALUE.has(a)) {
      i++;
      continue;
    }
    if (!a.startsWith('-')) return a;
  }
  return undefined;
}

export function exempt(entry: LoggedRequest): boolean {
  const { request, running } = entry;
  if (request.fault !== undefined) return true;
  const agent = request.headers['user-agent'];
  if (typeof agent !== 'string' || !agent.startsWith('kettle/')) return true;
  return running.some((args) => verbOf(args) === 'api');
}

/**
 * With KETTLE_ENDPOINTS_OUT set to a file, each endpoint kettle's requests
 * reached (as the descriptions name it) is appended there, one `METHOD
 * /template` a line: what the recordings must cover (test/tools/coverage.ts).
 */
const endpointsOut = process.env.KETTLE_ENDPOINTS_OUT;

function checkLogged(): void {
  const entries = requestLog.splice(0, requestLog.length);
  if (endpointsOut) {
    const reached = new Set<string>();
    for (const e of entries.filter((x) => !exempt(x))) {
      for (const f of fixtures) {
        const found = findEndpoint(f, e.request.method, e.request.path);
        if (found) {
          reached.add(`${found.endpoint.method} ${found.endpoint.path}`);
          break;
        }
      }
    }
    if (reached.size > 0) appendFileSync(endpointsOut, `${[...reached].join('\n')}\n`);
  }
  // What the user typed (the running kettle command lines): a server-specific value chosen there is allowed (see checkRequestAll).
  const problems = [...new Set(entries.filter((e) => !exempt(e)).flatMap((e) => checkRequestAll(fixtures, e.request, e.running.flat())))];
  if (problems.length > 0) {
    throw new Error(`kettle sent requests a real server would not accept (test/fixtures/*-endpoints.json):\n  ${problems.join('\n  ')}`);
  }
}

afterEach(checkLogged);
afterAll(checkLogged);
