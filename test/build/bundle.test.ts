// Start-up is a feature: the CLI is one CommonJS bundle (dist/cli/main.cjs,
// compiled with V8's code cache by bin/kettle.cjs), and a command evaluates
// only the modules it uses. esbuild wraps each module that is reached through
// import() or require() in a function that evaluates it on first use
// (`__esm({ "src/x.ts"() {…} })`, `__commonJS({ "node_modules/…"(…) {…} })`).
// These tests run a copy of the built bundle whose two wrappers also note each
// module they evaluate, and check what `kettle isue` (the whole tree) and
// `kettle whoami` evaluated.
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, ROOT, tempDir } from '../support/harness.js';
import { useServer } from '../support/suite.js';
import { ENTRIES } from '../../src/commands/index.js';

const BUNDLE = join(ROOT, 'dist', 'cli', 'main.cjs');
const s = useServer();
const copy = tempDir('kettle-bundle-');
afterAll(() => copy.cleanup());

/** The module names of the bundle's lazily evaluated wrappers. */
function wrapped(text: string): string[] {
  return [...text.matchAll(/^var (?:init|require)_\w+ = __(?:esm|commonJS)\(\{\n\s*"([^"]+)"/gm)].map((m) => m[1] as string);
}

/** `../main/node_modules/undici/lib/x.js` and `node_modules/undici/…` alike: `undici/lib/x.js`. */
const library = (name: string) => /(?:^|\/)node_modules\/(.*)$/.exec(name)?.[1];

/** The command whose definitions a module holds (src/commands/<command>/index.ts or its defs/), if it is one. */
const definitionOf = (name: string) => /^src\/commands\/([a-z-]+)\/(?:index|defs\/[a-z-]+)\.ts$/.exec(name)?.[1] ?? /^kettle:piece:([a-z-]+)$/.exec(name)?.[1];

/**
 * A file of the build, noting each module its two wrappers evaluate (and,
 * under `loaded`, the file itself) in a global the copy writes out at exit.
 */
function instrument(text: string, loaded: string): string {
  const helpers = [
    ['var __esm = (fn, res, err) => function __init() {', '(globalThis.__evaluated ??= new Set()).add(__getOwnPropNames(fn || {})[0]);'],
    ['var __commonJS = (cb, mod) => function __require() {', '(globalThis.__evaluated ??= new Set()).add(__getOwnPropNames(cb)[0]);'],
  ] as const;
  let instrumented = text;
  for (const [head, note] of helpers) instrumented = instrumented.replace(head, `${head}\n  ${note}`);
  const start = `(globalThis.__evaluated ??= new Set()).add(${JSON.stringify(loaded)});`;
  // The whole bundle is a script; the core and the pieces are each a function expression, which the last line closes.
  const end = /\n\}\)\n\/\/ kettle-end\n$/;
  if (!end.test(text))
    return `${start}\n${instrumented}\nprocess.on('exit', () => require('node:fs').writeFileSync(process.env.KETTLE_TEST_EVALUATED, [...(globalThis.__evaluated ?? [])].filter(Boolean).join('\\n')));\n`;
  return instrumented.replace(/^(\(function \([^)]*\) \{)/m, `$1${start}`);
}

beforeAll(() => {
  const text = readFileSync(BUNDLE, 'utf8');
  for (const head of ['var __esm = (fn, res, err) => function __init() {', 'var __commonJS = (cb, mod) => function __require() {']) expect(text).toContain(head);
  mkdirSync(join(copy.path, 'bin'));
  mkdirSync(join(copy.path, 'dist', 'cli', 'pieces'), { recursive: true });
  mkdirSync(join(copy.path, 'dist', 'cli', 'libs'), { recursive: true });
  copyFileSync(join(ROOT, 'bin', 'kettle.cjs'), join(copy.path, 'bin', 'kettle.cjs'));
  copyFileSync(join(ROOT, 'package.json'), join(copy.path, 'package.json'));
  cpSync(join(ROOT, 'dist', 'cli', 'help'), join(copy.path, 'dist', 'cli', 'help'), { recursive: true });
  writeFileSync(join(copy.path, 'dist', 'cli', 'main.cjs'), instrument(text, 'kettle:whole'));
  // The core writes the modules out at exit (a piece is evaluated only through it).
  const core = readFileSync(join(ROOT, 'dist', 'cli', 'core.cjs'), 'latin1');
  writeFileSync(
    join(copy.path, 'dist', 'cli', 'core.cjs'),
    instrument(core, 'kettle:core').replace(
      /\n\}\)\n\/\/ kettle-end\n$/,
      "\nprocess.on('exit', () => require('node:fs').writeFileSync(process.env.KETTLE_TEST_EVALUATED, [...(globalThis.__evaluated ?? [])].filter(Boolean).join('\\n')));\n})\n// kettle-end\n",
    ),
    'latin1',
  );
  // A command's piece, and for a command of several verbs a folder of its verbs' pieces.
  for (const file of readdirSync(join(ROOT, 'dist', 'cli', 'pieces'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.cjs'))) {
    mkdirSync(dirname(join(copy.path, 'dist', 'cli', 'pieces', file)), { recursive: true });
    writeFileSync(
      join(copy.path, 'dist', 'cli', 'pieces', file),
      instrument(
        readFileSync(join(ROOT, 'dist', 'cli', 'pieces', file), 'latin1'),
        `kettle:piece:${file
          .replace(/\.cjs$/, '')
          .split(sep)
          .join('/')}`,
      ),
      'latin1',
    );
  }
  for (const file of readdirSync(join(ROOT, 'dist', 'cli', 'libs'))) {
    writeFileSync(join(copy.path, 'dist', 'cli', 'libs', file), instrument(readFileSync(join(ROOT, 'dist', 'cli', 'libs', file), 'latin1'), `kettle:lib:${file.replace(/\.cjs$/, '')}`), 'latin1');
  }
  copyFileSync(join(ROOT, 'dist', 'cli', 'jq.wasm'), join(copy.path, 'dist', 'cli', 'jq.wasm'));
  copyFileSync(join(ROOT, 'dist', 'cli', 'pieces.txt'), join(copy.path, 'dist', 'cli', 'pieces.txt'));
});

let n = 0;
/** Run the instrumented copy; its exit status and the modules it evaluated. */
async function evaluated(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string; modules: string[] }> {
  const file = join(copy.path, `evaluated-${++n}.txt`);
  // Not spawnSync: the test server answers from this process.
  const child = spawn(process.execPath, [join(copy.path, 'bin', 'kettle.cjs'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...baseEnv(), ...s.ciEnv, HOME: copy.path, KETTLE_CONFIG_DIR: join(copy.path, 'config'), KETTLE_TEST_EVALUATED: file },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { status, stdout, stderr, modules: readFileSync(file, 'utf8').split('\n').filter(Boolean) };
}

describe('the bundle', () => {
  const text = readFileSync(BUNDLE, 'utf8');

  it('names its content on its first line (the code cache is kept by it)', () => {
    expect(text).toMatch(/^\/\/ kettle-bundle [0-9a-f]{16}\n/);
  });

  // jq-web: --jq's WebAssembly jq, 2.8 MB, loaded only when --jq is given.
  it.each(['undici', 'conf', 'prompts', 'chalk', 'jq-web', 'commander'])('holds %s only in modules evaluated on first use (a library the entry imported statically would not be wrapped)', (name) => {
    const modules = wrapped(text).filter((m) => library(m)?.startsWith(`${name}/`));
    expect(modules.length).toBeGreaterThan(0);
  });

  it('is also built as a core and a piece per top-level command of the manifest; no command of its own is in the core', () => {
    const core = readFileSync(join(ROOT, 'dist', 'cli', 'core.cjs'), 'latin1');
    expect(core).toMatch(/^\/\/ kettle-bundle ([0-9a-f]{16})\n\/\/ kettle-core\n\(function \(exports, require, module, __filename, __dirname, __kettlePiece\) \{/);
    expect(core.endsWith('\n})\n// kettle-end\n')).toBe(true);
    expect(core).not.toMatch(/^\/\/ src\/commands\/[a-z-]+\//m);
    for (const name of ['undici', 'chalk']) expect(wrapped(core).filter((m) => library(m)?.startsWith(`${name}/`)).length).toBeGreaterThan(0);
    const build = core.slice(17, 33);
    // The core's modules the pieces use, in order: whether each is of kettle's own (src/).
    const inits = new Map([...core.matchAll(/^var (init_\w+) = __esm\(\{\n\s*"([^"]+)"/gm)].map((m) => [m[1], m[2] as string]));
    const list = /^var __kettleModules = \[\n([\s\S]*?)\n\];$/m.exec(core)?.[1]?.split(',\n') ?? [];
    const ownModule = list.map((entry) => inits.get(/\((init_\w+)\(\)/.exec(entry)?.[1] ?? '')?.startsWith('src/') === true);
    expect(ownModule.filter(Boolean).length).toBeGreaterThan(10);
    // The libraries only some commands use are files of their own, which the core and the pieces ask for by name.
    for (const name of ['conf', 'prompts', 'jq-web', 'commander']) {
      expect(wrapped(core).filter((m) => library(m)?.startsWith(`${name}/`))).toEqual([]);
      const lib = readFileSync(join(ROOT, 'dist', 'cli', 'libs', `${name}.cjs`), 'latin1');
      expect(lib.startsWith(`// kettle-bundle ${build}\n// kettle-library ${name}\n(function (exports, require, module, __filename, __dirname, __kettleNothing) {`)).toBe(true);
      expect(lib.endsWith('\n})\n// kettle-end\n')).toBe(true);
      expect(wrapped(lib).filter((m) => library(m)?.startsWith(`${name}/`)).length).toBeGreaterThan(0);
    }
    expect(core).toContain('__kettlePiece("lib:conf")');
    expect(core).toContain('__kettlePiece("lib:jq-web")');
    for (const entry of ENTRIES) {
      const piece = readFileSync(join(ROOT, 'dist', 'cli', 'pieces', `${entry.name}.cjs`), 'latin1');
      expect(piece.startsWith(`// kettle-bundle ${build}\n// kettle-piece ${entry.name}\n(function (exports, require, module, __filename, __dirname, __kettleCore) {`)).toBe(true);
      // Its own modules only: every library is the core's.
      expect(piece).not.toMatch(/^\/\/ (?!src\/)\S+\.(?:js|ts|json)$/m);
      // A module of kettle's own in the core is used as the core hands it over, not copied export by export at each import (__toESM); a library's still is.
      const stands = new Map([...piece.matchAll(/^var (require_\w*) = __commonJS\(\{\n\s*"kettle-core:(\d+)"/gm)].map((m) => [m[1], ownModule[Number(m[2])]]));
      expect(stands.size).toBeGreaterThan(0);
      const copied = [...piece.matchAll(/__toESM\((require_\w*)\(\)/g)].map((m) => m[1] as string);
      expect(copied.filter((name) => stands.get(name) === true)).toEqual([]);
      // A command of several verbs: a piece per verb beside its definitions', which asks for each by name. No module is in both.
      const folder = join(ROOT, 'dist', 'cli', 'pieces', entry.name);
      if (!existsSync(folder)) continue;
      const modulesOf = (text: string) => [...text.matchAll(/^\/\/ (src\/\S+\.ts)$/gm)].map((m) => m[1] as string);
      const verbs = readdirSync(folder).map((f) => f.replace(/\.cjs$/, ''));
      expect(verbs.length).toBeGreaterThan(1);
      // The definitions' modules a verb asks for (`defs:N`) are in their piece's list.
      const handed = (/^var __kettleModules = \[([\s\S]*?)\];$/m.exec(piece)?.[1] ?? '').split('() =>').length - 1;
      for (const verb of verbs) {
        expect(piece).toContain(`__kettleCore("verb:${verb}")`);
        const text = readFileSync(join(folder, `${verb}.cjs`), 'latin1');
        expect(text.startsWith(`// kettle-bundle ${build}\n// kettle-piece ${entry.name}/${verb}\n(function (exports, require, module, __filename, __dirname, __kettleCore) {`)).toBe(true);
        expect(text.endsWith('\n})\n// kettle-end\n')).toBe(true);
        expect(text).not.toMatch(/^\/\/ (?!src\/)\S+\.(?:js|ts|json)$/m);
        expect(modulesOf(text)).toContain(`src/commands/${entry.name}/${verb.split('.').join('/')}.ts`);
        expect(modulesOf(text).filter((m) => modulesOf(piece).includes(m))).toEqual([]);
        for (const m of text.matchAll(/__kettleCore\("defs:(\d+)"\)/g)) expect(Number(m[1])).toBeLessThan(handed);
      }
      expect(modulesOf(piece).filter((m) => verbs.some((verb) => m === `src/commands/${entry.name}/${verb.split('.').join('/')}.ts`))).toEqual([]);
    }
    // Most commands have several verbs.
    expect(ENTRIES.filter((e) => existsSync(join(ROOT, 'dist', 'cli', 'pieces', e.name))).length).toBeGreaterThan(20);
    // The commands a command line names by their word or alias, but for those that build the whole tree: a file of their own, of the same build.
    const listed = readFileSync(join(ROOT, 'dist', 'cli', 'pieces.txt'), 'latin1');
    expect(listed).toMatch(new RegExp(`^// kettle-bundle ${build}\n// kettle-pieces [a-z =-]+\n$`));
    const table = /\/\/ kettle-pieces ([a-z =-]+)\n/.exec(listed)?.[1]?.split(' ') ?? [];
    expect(table).toContain('notification=notifications');
    expect(table.map((p) => p.split('=')[0]).sort()).toEqual(
      ENTRIES.map((e) => e.name)
        .filter((n) => !['alias', 'completion', 'extension'].includes(n))
        .sort(),
    );
  });

  it('is compiled by vm.Script: no import() is left in it', () => {
    // (Type imports in comments, `{import('../types').X}`, are no calls.)
    expect(text).not.toMatch(/(?:await|=>|return|\(|,|=)\s*import\(/);
  });
});

describe('a command evaluates only what it uses', () => {
  it('a list in a pipe prints its rows without cli-table3 (a table is drawn on a terminal only)', async () => {
    const r = await evaluated(['issue', 'list', '-R', 'alice/teapot']);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^\d+\t/);
    // (The verb's piece evaluates its modules at once, unwrapped: the instrumented copy notes the piece.)
    expect(r.modules).toContain('kettle:piece:issue/list');
    expect(r.modules.filter((m) => /^(cli-table3|string-width)\//.test(library(m) ?? ''))).toEqual([]);
  });

  it('building the whole tree (an unknown command) evaluates no library but commander, and no verb', async () => {
    const r = await evaluated(['isue']);
    expect(r.status).toBe(2);
    const libraries = new Set(
      r.modules
        .map(library)
        .filter((l) => l !== undefined)
        .map((l) => l.split('/')[0]),
    );
    expect([...libraries]).toEqual(['commander']);
    for (const m of r.modules) {
      // Definition files only: src/commands/index.ts, src/commands/<noun>/index.ts,
      // for a noun with many verbs src/commands/<noun>/defs/<verb>.ts, and the
      // value lists its flags offer, src/commands/<noun>/choices.ts.
      if (m.startsWith('src/commands/')) expect(m).toMatch(/^src\/commands\/(index|[a-z-]+\/(index|choices)|[a-z-]+\/defs\/[a-z-]+)\.ts$/);
      expect(m).not.toMatch(/^src\/api\/(client|paginate|response|ratelimit)\.ts$/);
      expect(m).not.toMatch(/^src\/output\/(printer|spool|progress|time|jq)\.ts$/);
    }
  });

  it.each([
    [['issue', 'list', '-R', 'alice/teapot'], 'issue', 'list'],
    [['whoami'], 'whoami', undefined],
    [['--login', 'nobody', 'repo', 'view', 'alice/teapot'], 'repo', 'view'],
    [['notifications', 'list'], 'notification', 'list'],
  ])('%j evaluates the definitions of %s alone, and the piece of its verb %s if it has several: start-up does not grow with the commands of the tree', async (args, noun, verb) => {
    // (Each command's definitions are wrapped, so noted when evaluated: the whole tree's test below sees them all.)
    const r = await evaluated(args);
    expect([...new Set(r.modules.map(definitionOf).filter((d) => d !== undefined))]).toEqual([noun]);
    // From the core and the command's piece (its definitions are the piece's entry), not the whole bundle.
    expect(r.modules.filter((m) => m.startsWith('kettle:'))).toEqual(['kettle:core', `kettle:piece:${noun}`, ...(verb === undefined ? [] : [`kettle:piece:${noun}/${verb}`])]);
  });

  it('the whole tree (an unknown command) evaluates the definitions of every command of the manifest', async () => {
    const r = await evaluated(['isue']);
    expect(r.modules.filter((m) => m.startsWith('kettle:'))).toEqual(['kettle:whole']);
    const nouns = new Set(r.modules.map(definitionOf).filter((d) => d !== undefined));
    expect([...nouns].sort()).toEqual(ENTRIES.map((e) => e.name).sort());
  });

  it("--jq runs the bundle's own jq-web, with the jq.wasm beside the bundle (the copy has no node_modules to fall back on)", async () => {
    expect(existsSync(join(copy.path, 'node_modules'))).toBe(false);
    const r = await evaluated(['issue', 'list', '-R', 'alice/teapot', '--limit', '2', '--jq', '.[].number']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\n\d+\n$/);
    expect(r.modules).toContain('src/output/jq-web.ts');
    expect(r.modules.filter((m) => library(m)?.startsWith('jq-web/'))).toEqual([expect.stringMatching(/jq-web\/jq\.js$/)]);
    // Read from its own file, on first use.
    expect(r.modules.filter((m) => m.startsWith('kettle:'))).toEqual(['kettle:core', 'kettle:piece:issue', 'kettle:lib:jq-web', 'kettle:piece:issue/list']);
  });

  it('a command that writes the config file reads conf from its own file, and works', async () => {
    const r = await evaluated(['config', 'set', 'pager', 'cat']);
    expect(r.status).toBe(0);
    expect(readFileSync(join(copy.path, 'config', 'settings.json'), 'utf8')).toContain('"pager": "cat"');
    expect(r.modules.filter((m) => m.startsWith('kettle:'))).toEqual(['kettle:core', 'kettle:piece:config', 'kettle:piece:config/set', 'kettle:lib:conf']);
    expect(r.modules.filter((m) => library(m)?.startsWith('conf/'))).toEqual([expect.stringMatching(/conf\/dist\/source\/index\.js$/)]);
  });

  it('a library file that is missing is one line, exit 1, and the change not made', async () => {
    const lib = join(copy.path, 'dist', 'cli', 'libs', 'conf.cjs');
    const kept = readFileSync(lib);
    rmSync(lib);
    try {
      const r = await evaluated(['config', 'set', 'pager', 'less']);
      expect(r.status).toBe(1);
      expect(r.stderr).toBe("kettle: kettle's file dist/cli/libs/conf.cjs is missing or damaged: reinstall kettle\n");
      expect(readFileSync(join(copy.path, 'config', 'settings.json'), 'utf8')).not.toContain('less');
    } finally {
      writeFileSync(lib, kept);
    }
  });

  it('whoami evaluates its verb and undici, but no other verb, nor commander (the line is read without it), conf, prompts, chalk or jq-web', async () => {
    const r = await evaluated(['whoami', '--json']);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { login: string }).login).toBe('alice');
    expect(r.modules).toContain('src/commands/whoami/whoami.ts');
    expect(r.modules.some((m) => library(m)?.startsWith('undici/'))).toBe(true);
    expect(r.modules.filter((m) => /^src\/commands\/(issue|pr|repo)\//.test(m) && !/\/(index|choices|defs\/[a-z-]+)\.ts$/.test(m))).toEqual([]);
    for (const name of ['commander', 'conf', 'prompts', 'chalk', 'jq-web']) expect(r.modules.filter((m) => library(m)?.startsWith(`${name}/`))).toEqual([]);
    expect(r.modules.filter((m) => m.startsWith('kettle:'))).toEqual(['kettle:core', 'kettle:piece:whoami']);
  });

  it('a line left to commander (an unknown flag) evaluates commander, from its own file, and fails as commander says', async () => {
    const r = await evaluated(['whoami', '--bogus']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("kettle: unknown option '--bogus'\n");
    expect(r.modules.some((m) => library(m)?.startsWith('commander/'))).toBe(true);
    expect(r.modules).not.toContain('src/commands/whoami/whoami.ts');
  });
});
