// --web and kettle browse, in-process against a sub-path deployment (/forge):
// $BROWSER is a script that writes down the arguments it was given, so the
// test sees exactly the page kettle asked for; without a terminal, with
// --no-browser, or with no browser at all, the URL is printed instead.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { browserCommand } from '../../src/context/browser.js';
import { type RunResult, tempDir } from '../support/harness.js';
import { expectExit, expectUsage, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process', server: { basePath: '/forge' } });
const folder = tempDir('kettle-browser-');
afterAll(() => folder.cleanup());

const record = join(folder.path, 'opened.txt');
const browser = join(folder.path, 'browser.sh');
/** Writes each argument on a line; for the waiting test, then sleeps and says it is done in $KETTLE_TEST_DONE. */
writeFileSync(browser, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "${record}"; done\nif [ -n "$KETTLE_TEST_DONE" ]; then sleep 4; echo done > "$KETTLE_TEST_DONE"; fi\n`);
chmodSync(browser, 0o755);

beforeEach(() => {
  writeFileSync(record, '');
});

/** What the browser script was given, once it has run (it is started, not waited for). */
async function opened(): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    if (lines.length > 0) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
  return [];
}

const web = (args: string[], env: Record<string, string> = {}): Promise<RunResult> => s.kettle(args, { tty: { stdout: true, stderr: true }, env: { BROWSER: browser, ...env } });

const page = (path: string) => `${s.server.url}/alice/teapot${path}`;

describe('--web opens the page in $BROWSER', () => {
  it.each([
    [['repo', 'view', '-R', 'alice/teapot', '--web'], ''],
    [['repo', 'view', 'alice/teapot', '-w'], ''],
    [['issue', 'view', '2', '-R', 'alice/teapot', '--web'], '/issues/2'],
    [['issue', 'list', '-R', 'alice/teapot', '--web'], '/issues'],
    [['issue', 'list', '-R', 'alice/teapot', '--state', 'closed', '-w'], '/issues?state=closed'],
    [['issue', 'create', '-R', 'alice/teapot', '--web', '--title', 'Lid rattles', '--body', 'a & b?'], '/issues/new?title=Lid+rattles&body=a+%26+b%3F'],
    [['issue', 'create', '-R', 'alice/teapot', '--web'], '/issues/new'],
    [['pr', 'list', '-R', 'alice/teapot', '--web', '--state', 'all'], '/pulls?state=all'],
    [['pr', 'create', '-R', 'alice/teapot', '--web', '--head', 'feature/lid', '--title', 'Quieter lid'], '/compare/main...feature/lid?expand=1&title=Quieter+lid'],
    [['pr', 'create', '-R', 'alice/teapot', '--web', '--head', 'bob:fix', '--base', 'next', '--body', 'Felt.'], '/compare/next...bob%3Afix?expand=1&body=Felt.'],
  ])('%j → %s', async (args, path) => {
    const r = await web(args);
    expectExit(r, 0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Opening ${page(path)} in your browser.\n`);
    expect(await opened()).toEqual([page(path)]);
    // Nothing is written: the page is where the user finishes.
    expect(s.server.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('pr view --web opens the pull request, by number or by its URL', async () => {
    const number = s.server.state.issuesOf(s.server.state.repo('alice', 'teapot')!).find((i) => i.pull)!.number;
    expectExit(await web(['pr', 'view', String(number), '-R', 'alice/teapot', '--web']), 0);
    expect(await opened()).toEqual([page(`/pulls/${number}`)]);
    writeFileSync(record, '');
    expectExit(await web(['pr', 'view', page(`/pulls/${number}`), '--web']), 0);
    expect(await opened()).toEqual([page(`/pulls/${number}`)]);
  });

  it('the URL reaches the browser as one argument, through no shell', async () => {
    const r = await web(['issue', 'create', '-R', 'alice/teapot', '--web', '--title', '$(touch pwned); echo'], {});
    expectExit(r, 0);
    expect(await opened()).toEqual([page('/issues/new?title=%24%28touch+pwned%29%3B+echo')]);
    expect(existsSync(join(s.dir, 'pwned'))).toBe(false);
  });

  it('does not wait for the browser to exit', async () => {
    const started = Date.now();
    const done = join(folder.path, 'done.txt');
    const r = await web(['repo', 'view', '-R', 'alice/teapot', '--web'], { KETTLE_TEST_DONE: done });
    expectExit(r, 0);
    expect(await opened()).toEqual([page('')]);
    expect(Date.now() - started).toBeLessThan(3500);
    // The browser is still running after kettle is done.
    expect(existsSync(done)).toBe(false);
  });
});

describe('the URL is printed instead', () => {
  it.each([
    ['no terminal', ['browse', '-R', 'alice/teapot'], { tty: false, env: { BROWSER: browser } }],
    ['--no-browser', ['browse', '-R', 'alice/teapot', '--no-browser'], { tty: true, env: { BROWSER: browser } }],
    ['-n', ['browse', '-R', 'alice/teapot', '-n'], { tty: true, env: { BROWSER: browser } }],
    ['no $BROWSER and no opener on PATH', ['repo', 'view', '-R', 'alice/teapot', '--web'], { tty: true, env: { PATH: folder.path } }],
    ['a $BROWSER that is not there', ['repo', 'view', '-R', 'alice/teapot', '--web'], { tty: true, env: { BROWSER: join(folder.path, 'nothing') } }],
  ] as const)('%s: the URL on stdout and nothing else', async (_what, args, opts) => {
    const r = await s.kettle([...args], { tty: opts.tty, env: { ...opts.env } });
    expectExit(r, 0);
    expect(r.stdout).toBe(`${page('')}\n`);
    expect(r.stderr).toBe('');
    expect(readFileSync(record, 'utf8')).toBe('');
  });
});

describe('kettle browse', () => {
  const print = (args: string[]) => s.kettle(['browse', '-R', 'alice/teapot', '--no-browser', ...args]);
  it.each([
    [[], ''],
    [['3'], '/issues/3'],
    [['#3'], '/issues/3'],
    [['--settings'], '/settings'],
    [['README.md', '--branch', 'next'], '/src/branch/next/README.md'],
    [['docs/tea time.md', '-b', 'feature/lid'], '/src/branch/feature/lid/docs/tea%20time.md'],
    [['--branch', 'next'], '/src/branch/next'],
    [['./src/main.ts'], '/src/branch/main/src/main.ts'],
  ])('%j → %s', async (args, path) => {
    const r = await print(args);
    expectExit(r, 0);
    expect(r.stdout).toBe(`${page(path)}\n`);
  });

  it('a path without --branch reads the default branch; the others send nothing', async () => {
    await print(['docs']);
    expect(s.server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /repos/alice/teapot']);
    s.server.resetRequests();
    await print(['7']);
    expect(s.server.requests).toEqual([]);
  });

  it('an issue URL names the repository and number', async () => {
    const r = await s.kettle(['browse', `${s.server.url}/bob/toolbox/issues/4`, '-n']);
    expectExit(r, 0);
    expect(r.stdout).toBe(`${s.server.url}/bob/toolbox/issues/4\n`);
  });

  it.each([
    [['--settings', '3'], /--settings opens the settings page alone/],
    [['3', '--branch', 'main'], /--branch goes with a PATH/],
    [['../secrets', '--branch', 'main'], /cannot be used as a name/],
  ])('%j is refused', async (args, message) => {
    expectUsage(s, await print(args), message);
  });

  it('opens the page in $BROWSER on a terminal', async () => {
    const r = await web(['browse', '-R', 'alice/teapot', '12']);
    expectExit(r, 0);
    expect(await opened()).toEqual([page('/issues/12')]);
  });
});

describe('browserCommand', () => {
  const url = 'https://x.example/a?b=1&c=2';
  it.each([
    ['$BROWSER alone', { BROWSER: 'firefox' }, 'linux', { file: 'firefox', args: [url] }],
    ['$BROWSER with words', { BROWSER: 'firefox --new-tab' }, 'linux', { file: 'firefox', args: ['--new-tab', url] }],
    ['$BROWSER with %s', { BROWSER: 'chromium --app=%s --incognito' }, 'linux', { file: 'chromium', args: [`--app=${url}`, '--incognito'] }],
    ['the first of a list that is found', { BROWSER: 'missing:firefox' }, 'linux', { file: 'firefox', args: [url] }],
    ['none of the list found', { BROWSER: 'missing:gone' }, 'linux', undefined],
    ['xdg-open', {}, 'linux', { file: 'xdg-open', args: [url] }],
    ['open on macOS', {}, 'darwin', { file: 'open', args: [url] }],
    ["Windows' URL handler", {}, 'win32', { file: 'rundll32', args: ['url.dll,FileProtocolHandler', url] }],
  ] as const)('%s', (_what, env, platform, expected) => {
    expect(browserCommand(url, { ...env }, platform, (f) => !/^(missing|gone)$/.test(f))).toEqual(expected);
  });
});
