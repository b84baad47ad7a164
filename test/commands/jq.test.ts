// --jq on list and view commands and on kettle api, run in-process against the
// in-memory server; results compared with jq itself (/usr/bin/jq, which
// .ci/run installs) on the very records kettle printed with --json.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectExit, expectUsage, sent, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });
const JQ = '/usr/bin/jq';

/** What jq prints for the program on this JSON text, as kettle prints it: strings raw, other values compact. */
function jq(program: string, input: string): string {
  return execFileSync(JQ, ['-r', '-c', program], { input, encoding: 'utf8' });
}

// Each kind of program: per-record ones (run page by page), one array, and
// those that see the whole list.
const PROGRAMS = [
  '.[].number',
  '.[] | select(.state == "open") | .number',
  '.[] | "\\(.number)\\t\\(.title)"',
  '.[] | [.number, .title, .user.login] | @csv',
  '.[] | [.number, .state] | @tsv',
  '.[].title | @base64',
  '.[] | {n: .number, labels: [.labels[].name]}',
  '.[].milestone.title // "none"',
  '.[] | .created_at | fromdateiso8601 | todate',
  '.[] | .title | test("a"; "i")',
  '.',
  'map(.number)',
  'map(select(.comments > 0) | .number)',
  'length',
  'sort_by(.title) | map(.number)',
  'group_by(.state) | map({state: .[0].state, count: length})',
  'unique_by(.user.login) | map(.user.login)',
  'reduce .[] as $i (0; . + $i.comments)',
  '[limit(2; .[])] | map(.number)',
  '[.. | .login? // empty] | unique',
  '.[0] | to_entries | map(.key) | sort | .[0:3]',
  '.[0] | tojson | fromjson | .number',
  'first(.[] | select(.number > 1)) | .number',
  'try error("boom") catch .',
];

describe.runIf(existsSync(JQ))('--jq, as jq itself answers', () => {
  it.each(PROGRAMS)('issue list --all --jq %s', async (program) => {
    const records = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--state', 'all', '--all', '--json']);
    expectExit(records, 0);
    const r = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--state', 'all', '--all', '--jq', program]);
    expectExit(r, 0);
    expect(r.stdout).toBe(jq(program, records.stdout));
    expect(r.stdout).not.toBe('');
  });

  it('issue view with -q, and --fields before the filter', async () => {
    const view = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot', '--json']);
    const r = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot', '-q', '{number, title, who: .user.login}']);
    expectExit(r, 0);
    expect(r.stdout).toBe(jq('{number, title, who: .user.login}', view.stdout));
    const picked = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot', '--fields', 'number', '--jq', 'keys']);
    expect(picked.stdout).toBe('["number"]\n');
  });

  it('kettle api --jq, on one answer and with --paginate', async () => {
    const user = await s.kettle(['api', '/user', '--jq', '.login']);
    expectExit(user, 0);
    expect(user.stdout).toBe('alice\n');
    const all = await s.kettle(['api', '/repos/alice/teapot/issues?state=all', '--paginate']);
    const r = await s.kettle(['api', '/repos/alice/teapot/issues?state=all', '--paginate', '--jq', '.[] | .number']);
    expectExit(r, 0);
    expect(r.stdout).toBe(jq('.[] | .number', all.stdout));
  });
});

describe('--jq failures', () => {
  it.each([
    ['issue', 'list', '-R', 'alice/teapot', '--jq', '.[] | nosuchfunction'],
    ['issue', 'list', '-R', 'alice/teapot', '--jq', 'map(.title'],
    ['api', '/user', '--jq', '.login |'],
  ])('an expression that does not compile exits 2 with jq message, before any request: %j', async (...args) => {
    const r = await s.kettle(args);
    expectUsage(s, r, /--jq: (nosuchfunction\/0 is not defined|syntax error)/);
  });

  it('an error while evaluating exits 1 with jq message and nothing on stdout', async () => {
    const r = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--all', '--jq', '.[] | .title + 1']);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^kettle: jq: error: string \(.*\) and number \(1\) cannot be added\n$/);
    expect(sent(s, 'GET', '/repos/alice/teapot/issues').length).toBeGreaterThan(0);
  });

  it('a program that loops on any input is only compiled before the request', async () => {
    // repeat(.) never ends once run: compiling it must not run it.
    const r = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--jq', 'first(repeat(.)) | length']);
    expectExit(r, 0);
    expect(Number(r.stdout)).toBeGreaterThan(0);
  });
});

describe('--jq sees the user environment', () => {
  it('env and $ENV answer what kettle was started with, not a sandbox', async () => {
    const env = { USER: 'bob', HOME: '/home/somebody', KETTLE_TEST_VALUE: 'a "quoted" \\(value)\n' };
    const r = await s.kettle(['issue', 'view', '1', '-R', 'alice/teapot', '--jq', '[env.USER, $ENV.HOME, env.KETTLE_TEST_VALUE]'], { env });
    expectExit(r, 0);
    expect(JSON.parse(r.stdout)).toEqual([env.USER, env.HOME, env.KETTLE_TEST_VALUE]);
  });

  it('a list filtered on env.USER keeps only that user records, page by page as without it', async () => {
    const r = await s.kettle(['issue', 'list', '-R', 'alice/teapot', '--state', 'all', '--all', '--jq', '.[] | select(.user.login == env.USER) | .user.login'], {
      env: { USER: 'alice' },
    });
    expectExit(r, 0);
    const logins = r.stdout.trim().split('\n');
    expect(logins.length).toBeGreaterThan(0);
    expect(new Set(logins)).toEqual(new Set(['alice']));
  });

  it('a program line numbers are its own', async () => {
    const r = await s.kettle(['api', '/user', '--jq', '\n$__loc__.line']);
    expectExit(r, 0);
    expect(r.stdout).toBe('2\n');
  });
});
