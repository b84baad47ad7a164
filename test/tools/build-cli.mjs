// `npm run build:cli`: bundle src/main.ts into dist/cli/main.cjs with esbuild
// (one CommonJS file; a command evaluates only what it uses: see test/tools/BENCH.md, "What start-up does").
//
// Two modules the libraries load at start-up are never used by kettle, and a
// plugin defers them to first use instead:
// - commander requires node:child_process for executable subcommands, which
//   kettle does not have: every command, `--help` included, paid for it.
// - undici's client requires its HTTP/2 half, and with it node:http2; kettle
//   never negotiates HTTP/2 (undici's allowH2 is off by default).
// Deferred, not removed: if either is ever used, it loads then and works.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// `--allow-h2 DIR [--pipelining N]`: a prototype for the bench
// (test/tools/BENCH.md, "HTTP/2 for the long list"), never what ships: the
// whole CLI built into DIR (a copy of bin/, dist/cli/ and package.json, as
// `npm run bench -- --bin` takes) with undici's allowH2 on in kettle's
// connection pool, so that it offers HTTP/2 over TLS; with --pipelining, that
// option too (undici 7 lets a connection carry no more requests at once than
// `pipelining`, HTTP/2 or not).
const h2At = process.argv.indexOf('--allow-h2');
const H2_DIR = h2At === -1 ? undefined : process.argv[h2At + 1];
if (h2At !== -1 && !H2_DIR) throw new Error('usage: build-cli.mjs --allow-h2 DIR [--pipelining N]');
const pipeAt = process.argv.indexOf('--pipelining');
const PIPELINING = pipeAt === -1 ? undefined : Number(process.argv[pipeAt + 1]);
if (PIPELINING !== undefined && !(PIPELINING >= 1)) throw new Error('--pipelining takes a whole number');
const OUT = H2_DIR === undefined ? join(ROOT, 'dist', 'cli') : join(H2_DIR, 'dist', 'cli');

/** @type {import('esbuild').Plugin} */
const allowH2 = {
  name: 'kettle-allow-h2',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]api[\\/]pool\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const anchor = '    keepAliveTimeout: 10_000,\n';
      if (!source.includes(anchor)) throw new Error("src/api/pool.ts: the pool's options have changed (no keepAliveTimeout: 10_000); update build-cli.mjs --allow-h2");
      const added = `    allowH2: true,\n${PIPELINING === undefined ? '' : `    pipelining: ${PIPELINING},\n`}`;
      return { contents: source.replace(anchor, `${anchor}${added}`), loader: 'ts' };
    });
  },
};

/** @type {import('esbuild').Plugin} */
const deferUnused = {
  name: 'kettle-defer-unused',
  setup(b) {
    // commander's `require('node:child_process')`: an object that loads the
    // real module on first use.
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) => (/[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'kettle-deferred' } : undefined));
    b.onLoad({ filter: /^child_process$/, namespace: 'kettle-deferred' }, () => ({
      loader: 'js',
      contents: [
        'let real;',
        "const load = () => (real ??= require('node:child_process'));",
        'module.exports = new Proxy({}, {',
        '  get: (_, key) => load()[key],',
        '  has: (_, key) => key in load(),',
        '  ownKeys: () => Reflect.ownKeys(load()),',
        '  getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(load(), key),',
        '});',
      ].join('\n'),
    }));

    // undici's `require('./client-h2.js')` from its client: a function that
    // evaluates the real module (bundled, lazily) when HTTP/2 is negotiated.
    b.onResolve({ filter: /^\.\/client-h2(\.js)?$/ }, (args) =>
      /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/.test(args.importer) ? { path: 'undici-client-h2', namespace: 'kettle-deferred', pluginData: { dir: dirname(args.importer) } } : undefined,
    );
    b.onLoad({ filter: /^undici-client-h2$/, namespace: 'kettle-deferred' }, (args) => ({
      loader: 'js',
      resolveDir: args.pluginData.dir,
      contents: "module.exports = function connectH2(...args) { return require('./client-h2.js')(...args); };",
    }));
  },
};

// undici loads node:http (about 6 ms of start-up, with its server half) for
// two things only, and node:assert (about 1.5 ms) for its invariants. Both are
// deferred to when they are really used, with the same behaviour:
// - http.maxHeaderSize, the default header limit of a Client, is Node's
//   --max-http-header-size: 16 KiB unless that option is given (in the
//   command line or NODE_OPTIONS); then node:http is asked, as before.
//   (test/build/startup.test.ts checks Node's default.)
// - IncomingMessage, compared with a stream's constructor when undici
//   destroys one: only a stream of node:http can be one, and node:http is
//   loaded if the constructor has its name.
// - assert(value, message): node:assert is loaded when an assertion fails
//   (or anything else of it is used), and throws its own error then.
const undiciPatches = [
  [
    /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/,
    [
      ["const http = require('node:http')\n", ''],
      [
        'const getDefaultNodeMaxHeaderSize = http &&',
        "const getDefaultNodeMaxHeaderSize = () => /max-http-header-size/.test(process.execArgv.join(' ') + ' ' + (process.env.NODE_OPTIONS || '')) ? getNodeMaxHeaderSize(require('node:http')) : 16384\nconst getNodeMaxHeaderSize = (http) => http &&",
      ],
      ['  ? () => http.maxHeaderSize\n  : () => { throw', '  ? http.maxHeaderSize\n  : (() => { throw'],
      ["http.maxHeaderSize invalid') }\n", "http.maxHeaderSize invalid') })()\n"],
    ],
  ],
  [
    /[\\/]undici[\\/]lib[\\/]core[\\/]util\.js$/,
    [
      ["const { IncomingMessage } = require('node:http')\n", ''],
      [
        'if (Object.getPrototypeOf(stream).constructor === IncomingMessage) {',
        "if (Object.getPrototypeOf(stream).constructor?.name === 'IncomingMessage' && Object.getPrototypeOf(stream).constructor === require('node:http').IncomingMessage) {",
      ],
    ],
  ],
];

/** @type {import('esbuild').Plugin} */
const deferUndiciBuiltins = {
  name: 'kettle-defer-undici-builtins',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/].*\.js$/ }, (args) => {
      const patches = undiciPatches.find(([file]) => file.test(args.path))?.[1];
      let source = readFileSync(args.path, 'utf8');
      for (const [from, to] of patches ?? []) {
        if (!source.includes(from)) throw new Error(`undici: ${args.path} has changed (no "${from.trim()}"); update build-cli.mjs`);
        source = source.replace(from, to);
      }
      if (patches !== undefined && /^(?:const|let|var) [^=]*= require\('node:http'\)/m.test(source)) {
        throw new Error(`undici: ${args.path} still loads node:http at once; update build-cli.mjs`);
      }
      source = source.replace(/^const assert = require\('node:assert'\)$/m, "const assert = require('kettle-lazy-assert')");
      return { contents: source, loader: 'js' };
    });
    b.onResolve({ filter: /^kettle-lazy-assert$/ }, () => ({ path: 'kettle-lazy-assert', namespace: 'kettle-deferred' }));
    b.onLoad({ filter: /^kettle-lazy-assert$/, namespace: 'kettle-deferred' }, () => ({
      loader: 'js',
      contents: [
        "const real = () => require('node:assert');",
        'function assert(value, message) {',
        '  if (!value) real()(value, message);',
        '}',
        'module.exports = new Proxy(assert, { get: (target, key) => (key === "prototype" || key === "length" || key === "name" ? target[key] : real()[key]) });',
      ].join('\n'),
    }));
  },
};

// jq-web (for --jq) finds its WebAssembly beside its own file, by __dirname,
// which an ES module has not: src/output/jq.ts tells it the folder of the
// bundle (globalThis.__kettleJqWasmDir), and the .wasm file is copied there
// after the build.
/** @type {import('esbuild').Plugin} */
const jqWasmBesideChunk = {
  name: 'kettle-jq-wasm',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]jq-web[\\/]jq\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const patched = source.replace("scriptDirectory = __dirname + '/';", "scriptDirectory = globalThis.__kettleJqWasmDir + '/';");
      if (patched === source) throw new Error('jq-web: where it finds its .wasm file has changed; update build-cli.mjs');
      return { contents: patched, loader: 'js' };
    });
  },
};

// One CommonJS file, not ES-module chunks: Node 20 has no code cache for ES
// modules, and resolving, reading and compiling about 30 chunks cost about
// 60 ms of every command. bin/kettle.cjs compiles this file with V8's code
// cache (see there). Modules are still evaluated lazily: esbuild wraps every
// module reached through import() in a function that runs on first use, so a
// verb, undici, conf, prompts, chalk and jq-web are compiled from the code
// cache (or parsed lazily) but evaluated only when a command needs them.
/** The CLI's options; `entry` and `outfile` aside, the floor's (below) too. */
const bundleOptions = (entry, outfile) => ({
  entryPoints: [entry],
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.19',
  logLevel: 'warning',
  outfile,
  // The bundle is CommonJS: import.meta.url (jq.ts finds jq.wasm beside the
  // bundle by it) becomes the bundle's own file URL, computed on first use.
  define: { 'import.meta': '__kettleImportMeta' },
  banner: { js: "const __kettleImportMeta={get url(){return require('node:url').pathToFileURL(__filename).href}};" },
  // import('node:child_process') becomes a require(): the bundle is compiled
  // by vm.Script, which has no loader for import().
  supported: { 'dynamic-import': false },
  // ASCII only (esbuild escapes the code; the licence comments go beside the
  // bundle, in main.cjs.LEGAL.txt): bin/kettle.cjs reads it as Latin-1, a
  // one-byte string, about 3 ms faster than decoding 1.9 MB of UTF-8.
  charset: 'ascii',
  legalComments: 'external',
  plugins: [deferUnused, deferUndiciBuiltins, jqWasmBesideChunk, ...(H2_DIR === undefined ? [] : [allowH2])],
  write: false,
});

/**
 * The bundle as bin/kettle.cjs reads it: ASCII throughout (esbuild escapes
 * what is not ASCII in code, charset: 'ascii', but not in comments: escaped
 * there too), checked to compile, and requiring Node's built-in modules only.
 */
function finishBundle(text) {
  const bytes = Buffer.from(
    text.replace(/[^\x00-\x7f]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`),
    'latin1',
  );
  new Script(bytes.toString('latin1'), { filename: 'main.cjs' });
  // bin/kettle.cjs hands the bundle its own require, which resolves from bin/:
  // right for Node's built-in modules (node:sqlite, which undici names, is one
  // only from Node 22 on), the only ones the bundle may require (a
  // require inside a string, as ajv's generated code writes, is not a call).
  const required = [...bytes.toString('latin1').matchAll(/(?<!['"`.\w$])require\((["'])([^"'`]+)\1\)/g)].map((m) => m[2]);
  const notBuiltin = [...new Set(required)].filter((name) => !name.startsWith('node:') && !isBuiltin(name));
  if (notBuiltin.length > 0) throw new Error(`the bundle requires modules that are not Node's own: ${notBuiltin.join(', ')}`);
  return bytes;
}

/** The first two lines bin/kettle.cjs reads: the bundle's hash (its code cache's name) and the command words. */
const bundleHead = (bytes, words) => Buffer.from(`// kettle-bundle ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}\n// kettle-commands ${words.join(' ')}\n`);

// One shared core and a piece per top-level command. The whole bundle (above)
// is one 2.5 MB file, and what a command pays to read it, to deserialise its
// code cache and to evaluate its top level follows its size, not what the
// command runs (esbuild hoists every module's functions to the bundle's top
// level, and the code cache holds a record of each). So the same modules are
// also built in parts: the core (src/main.ts and everything it reaches
// without going through the manifest's loaders: the CLI, the context, the
// API client, the output, undici, commander…) and, per top-level command of
// the manifest (src/commands/index.ts), a piece: the modules of kettle's own
// that command's definitions and verbs reach besides (see below for those
// several pieces share). esbuild cannot split CommonJS, so each is a build of
// its own:
// - the core's manifest loaders (`import('./issue/index.js')`) become
//   `__kettlePiece('issue')`, which bin/kettle.cjs hands the core;
// - the core's entry exports, besides main, `__kettleModules`: a function per
//   module a piece imports, which evaluates it (on first use, as in the whole
//   bundle) and answers its exports;
// - a piece's import of a module of the core becomes `__kettleCore(i)`, which
//   bin/kettle.cjs hands the piece: that function of the core.
// bin/kettle.cjs loads the core and the piece a command line names, each with
// its own code cache, and the whole bundle when the line names no command (or
// a piece cannot be read).
async function splitBundle(metafile) {
  const inputs = metafile.inputs;
  const libraries = await libraryStubs();
  const pieceOf = (path) => /^src\/commands\/([a-z-]+)\//.exec(path)?.[1];
  const importsOf = (path) => (inputs[path]?.imports ?? []).filter((i) => !i.external).map((i) => i.path);
  // The core: what src/main.ts reaches without entering a command's folder.
  const core = new Set();
  for (const stack = ['src/main.ts']; stack.length > 0; ) {
    const path = stack.pop();
    if (core.has(path) || pieceOf(path) !== undefined) continue;
    core.add(path);
    stack.push(...importsOf(path));
  }
  // Each piece: what its definitions (src/commands/<name>/index.ts) reach outside the core.
  const reachedBy = new Map();
  const names = [
    ...new Set(
      Object.keys(inputs)
        .filter((p) => /^src\/commands\/[a-z-]+\/index\.ts$/.test(p))
        .map(pieceOf),
    ),
  ];
  for (const name of names) {
    const seen = new Set();
    for (const stack = [`src/commands/${name}/index.ts`]; stack.length > 0; ) {
      const path = stack.pop();
      if (seen.has(path) || core.has(path)) continue;
      seen.add(path);
      stack.push(...importsOf(path));
    }
    for (const path of seen) reachedBy.set(path, [...(reachedBy.get(path) ?? []), name]);
  }
  // A library a piece reaches is the core's (evaluated on first use, it costs
  // the core little: esbuild wraps a CommonJS module whole, in one function);
  // a module of kettle's own that several pieces share is built into each of
  // them: esbuild hoists an ES module's functions to the top level, and in
  // the core they would cost every command (kettle whoami, counted by
  // valgrind: 3.5 % fewer instructions with them in each piece than in the
  // core). A command line loads one piece: no module is evaluated twice.
  for (const path of reachedBy.keys()) if (!path.startsWith('src/') || path.includes(':')) core.add(path);
  const own = (name) => new Set([...reachedBy].filter(([path, by]) => !core.has(path) && by.includes(name)).map(([path]) => path));
  // A command of several verbs is a piece of its definitions (what its
  // index.ts reaches without import()) and a piece per verb (what the verb's
  // loader, `load: () => import('../list.js')`, reaches besides): a command
  // line runs one verb (src/cli/action.ts loads it), and reads, compiles and
  // evaluates that verb's modules alone. A module several verbs share is
  // built into each of theirs, as pieces do the core's.
  const layouts = new Map(
    names.map((name) => {
      const all = own(name);
      const closure = (start, within, statics) => {
        const seen = new Set();
        for (const stack = [start]; stack.length > 0; ) {
          const path = stack.pop();
          if (seen.has(path) || !within(path)) continue;
          seen.add(path);
          stack.push(...(inputs[path]?.imports ?? []).filter((i) => !i.external && !(statics && i.kind === 'dynamic-import')).map((i) => i.path));
        }
        return seen;
      };
      const defs = closure(`src/commands/${name}/index.ts`, (p) => all.has(p), true);
      const entries = [...new Set([...defs].flatMap((p) => inputs[p].imports.filter((i) => i.kind === 'dynamic-import' && all.has(i.path) && !defs.has(i.path)).map((i) => i.path)))];
      if (entries.length < 2) return [name, { defs: all, verbs: [] }];
      const verbs = entries.map((entry) => {
        const key = entry.slice(`src/commands/${name}/`.length).replace(/\.ts$/, '').split('/').join('.');
        if (!entry.startsWith(`src/commands/${name}/`) || !/^[a-z0-9][a-z0-9.-]*$/.test(key)) throw new Error(`piece ${name}: a verb's module this build cannot name: ${entry}`);
        return { entry, key, own: closure(entry, (p) => all.has(p) && !defs.has(p), false) };
      });
      const covered = new Set([...defs, ...verbs.flatMap((v) => [...v.own])]);
      if ([...all].some((p) => !covered.has(p))) throw new Error(`piece ${name}: modules neither its definitions' nor a verb's`);
      // The definitions' modules its verbs import, numbered: the piece hands them over as the core does its own.
      const handed = [...new Set(verbs.flatMap((v) => [...v.own].flatMap((p) => inputs[p].imports.map((i) => i.path).filter((i) => defs.has(i)))))];
      return [name, { defs, verbs, handed }];
    }),
  );
  // The core's modules the pieces import, numbered.
  const shared = [];
  for (const name of names) for (const path of own(name)) for (const i of importsOf(path)) if (core.has(i) && !shared.includes(i)) shared.push(i);
  if (shared.some((p) => p.includes(':'))) throw new Error(`a piece imports a module of a plugin: ${shared.filter((p) => p.includes(':'))}`);
  // A library of its own file is asked for by name, by the core and the pieces alike (below).
  const ownFile = (p) => LIBRARIES.some((name) => p.includes(`node_modules/${name}/`));
  shared.splice(0, shared.length, ...shared.filter((p) => !ownFile(p)));

  // Each written as a function expression that bin/kettle.cjs compiles as it is (no wrapper to add, no copy of the text to make).
  const built = (r, last, edit = (text) => text) =>
    finishBundle(`(function (exports, require, module, __filename, __dirname, ${last}) {${edit(r.outputFiles.find((f) => f.path.endsWith('.cjs')).text)}\n})`);
  // A piece imports a module of the core through a CommonJS stand-in
  // (`module.exports = __kettleCore(i)`), and esbuild wraps each such import
  // in __toESM, which copies every export of the module into a new object of
  // getters: 118 copies when `issue list` starts. A module of kettle's own is
  // an ES module in the core, whose exports the core hands over as such
  // (esbuild's __toCommonJS, marked __esModule): the piece uses them as they
  // are. (A library's module.exports still goes through __toESM.)
  // (So is a verb's module, which its piece hands over, and a module of the
  // command's definitions, which their piece does.)
  const ownModulesAsTheyAre = (text) => {
    const stands = new Map([...text.matchAll(/^var (require_\w*) = __commonJS\(\{\n\s*"kettle-(core|defs|verb):([\w.-]+)"/gm)].map((m) => [m[1], m[2] === 'core' ? shared[Number(m[3])] : 'src/']));
    return text.replace(/__toESM\((require_\w*)\(\)(?:, 1)?\)/g, (call, name) => (stands.get(name)?.startsWith('src/') ? `${name}()` : call));
  };
  const toCore = {
    name: 'kettle-to-pieces',
    setup(b) {
      b.onResolve({ filter: /^\.\/[a-z-]+\/index\.js$/ }, (args) => {
        if (!/[\\/]src[\\/]commands[\\/]index\.ts$/.test(args.importer)) return undefined;
        return { path: args.path.split('/')[1], namespace: 'kettle-piece' };
      });
      b.onLoad({ filter: /.*/, namespace: 'kettle-piece' }, (args) => ({ loader: 'js', contents: `module.exports = __kettlePiece(${JSON.stringify(args.path)});` }));
      // A library of its own file: the core asks for it when it is first imported.
      b.onResolve({ filter: LIBRARY_NAMES }, (args) => ({ path: args.path, namespace: 'kettle-library' }));
      b.onLoad({ filter: /.*/, namespace: 'kettle-library' }, (args) => ({ loader: 'js', contents: libraryStub(libraries, args.path, '__kettlePiece') }));
      b.onResolve({ filter: /^kettle-core-entry$/ }, () => ({ path: 'kettle-core-entry', namespace: 'kettle-core-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'kettle-core-entry' }, () => ({
        loader: 'js',
        resolveDir: ROOT,
        contents: ["export { main } from './src/main.ts';", `export const __kettleModules = [${shared.map((p) => `() => require(${JSON.stringify(join(ROOT, p))})`).join(',\n')}];`].join('\n'),
      }));
    },
  };
  const coreBuild = await build({ ...bundleOptions('kettle-core-entry', join(OUT, 'core.cjs')), plugins: [toCore, ...bundleOptions().plugins] });
  const pieces = {};
  // A piece (the definitions of a command, or one of its verbs) and what stands, in it, for a module of another.
  const buildPiece = async (label, entry, mine, elsewhere) => {
    const fromCore = {
      name: 'kettle-from-core',
      setup(b) {
        b.onResolve({ filter: LIBRARY_NAMES }, (args) => ({ path: args.path, namespace: 'kettle-library' }));
        b.onLoad({ filter: /.*/, namespace: 'kettle-library' }, (args) => ({ loader: 'js', contents: libraryStub(libraries, args.path, '__kettleCore') }));
        b.onResolve({ filter: /.*/ }, async (args) => {
          if (args.pluginData === 'kettle-from-core' || args.kind === 'entry-point' || args.namespace === 'kettle-defs-entry') return undefined;
          const found = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, namespace: args.namespace, pluginData: 'kettle-from-core' });
          if (found.errors.length > 0 || found.external || found.namespace !== 'file') return found;
          const rel = relative(ROOT, found.path).split(sep).join('/');
          if (mine.has(rel)) return found;
          const other = elsewhere(rel);
          if (other !== undefined) return other;
          const at = shared.indexOf(rel);
          if (at === -1) throw new Error(`piece ${label}: ${rel} is neither its own nor the core's`);
          return { path: String(at), namespace: 'kettle-core' };
        });
        b.onLoad({ filter: /.*/, namespace: 'kettle-core' }, (args) => ({ loader: 'js', contents: `module.exports = __kettleCore(${args.path});` }));
        b.onLoad({ filter: /.*/, namespace: 'kettle-defs' }, (args) => ({ loader: 'js', contents: `module.exports = __kettleCore("defs:${args.path}");` }));
        b.onLoad({ filter: /.*/, namespace: 'kettle-verb' }, (args) => ({ loader: 'js', contents: `module.exports = __kettleCore("verb:${args.path}");` }));
      },
    };
    const r = await build({ ...bundleOptions(entry.path, join(OUT, 'pieces', `${label}.cjs`)), plugins: [...(entry.plugin ? [entry.plugin] : []), fromCore, ...bundleOptions().plugins] });
    pieces[label] = built(r, '__kettleCore', ownModulesAsTheyAre);
  };
  await Promise.all(
    names.flatMap((name) => {
      const { defs, verbs, handed } = layouts.get(name);
      const index = join(ROOT, 'src', 'commands', name, 'index.ts');
      if (verbs.length === 0) return [buildPiece(name, { path: index }, defs, () => undefined)];
      // The definitions' piece: index.ts's exports, and the modules its verbs import from it.
      const definitions = {
        name: 'kettle-defs-entry',
        setup(b) {
          b.onResolve({ filter: /^kettle-defs-entry$/ }, () => ({ path: name, namespace: 'kettle-defs-entry' }));
          b.onLoad({ filter: /.*/, namespace: 'kettle-defs-entry' }, () => ({
            loader: 'js',
            resolveDir: ROOT,
            contents: [`export * from ${JSON.stringify(index)};`, `export const __kettleModules = [${handed.map((p) => `() => require(${JSON.stringify(join(ROOT, p))})`).join(',\n')}];`].join('\n'),
          }));
        },
      };
      const verbOf = (rel) => verbs.find((v) => v.entry === rel);
      return [
        buildPiece(name, { path: 'kettle-defs-entry', plugin: definitions }, defs, (rel) => (verbOf(rel) ? { path: verbOf(rel).key, namespace: 'kettle-verb' } : undefined)),
        ...verbs.map((v) =>
          buildPiece(`${name}/${v.key}`, { path: join(ROOT, v.entry) }, v.own, (rel) => (handed.includes(rel) ? { path: String(handed.indexOf(rel)), namespace: 'kettle-defs' } : undefined)),
        ),
      ];
    }),
  );
  // Each library of its own file: the package and what it imports, nothing of the core's.
  const libs = {};
  await Promise.all(
    LIBRARIES.map(async (name) => {
      const entry = {
        name: 'kettle-library-entry',
        setup(b) {
          b.onResolve({ filter: /^kettle-library-entry$/ }, () => ({ path: name, namespace: 'kettle-library-entry' }));
          b.onLoad({ filter: /.*/, namespace: 'kettle-library-entry' }, () => ({ loader: 'js', resolveDir: ROOT, contents: `module.exports = require(${JSON.stringify(name)});` }));
        },
      };
      const r = await build({ ...bundleOptions('kettle-library-entry', join(OUT, 'libs', `${name}.cjs`)), plugins: [entry, ...bundleOptions().plugins] });
      libs[name] = built(r, '__kettleNothing');
    }),
  );
  // The commands whose verbs build the whole tree (completion, alias and
  // extension check names against every command) would load every piece:
  // the whole bundle serves them better.
  const wholeTree = names.filter((name) => [...reachedBy].some(([path, by]) => by.includes(name) && readFileSync(join(ROOT, path), 'utf8').includes('.commandTree()')));
  return { core: built(coreBuild, '__kettlePiece'), pieces, libs, wholeTree };
}

// Libraries that only some commands use, each reached on first use only
// (import(), or require() inside a function): conf writes the config file,
// prompts asks questions, jq-web runs --jq, commander reads a command line
// that src/cli/direct.ts leaves to it (help, a mistake, an unusual shape).
// Together about 850 KB (conf's with ajv and semver), which every command
// would otherwise read with the core and hold as a string: each is a file of
// its own (dist/cli/libs/NAME.cjs), which bin/kettle.cjs reads, compiles and
// evaluates when the core first asks for it (`__kettlePiece('lib:NAME')`).
const LIBRARIES = ['conf', 'prompts', 'jq-web', 'commander'];
const LIBRARY_NAMES = new RegExp(`^(?:${LIBRARIES.join('|')})$`);

/**
 * How each library is exported: a CommonJS package is its module.exports, as
 * require() and import() see it (undefined here); an ES module package is its
 * exports by name, read now from the package itself.
 */
async function libraryStubs() {
  const exported = {};
  for (const name of LIBRARIES) {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
    if (manifest.type !== 'module') continue;
    const names = Object.keys(await import(name)).filter((key) => key !== 'default');
    if (!names.every((key) => /^[A-Za-z_$][\w$]*$/.test(key))) throw new Error(`${name}: an export name this build cannot write: ${names.join(', ')}`);
    exported[name] = names;
  }
  return exported;
}

/** What stands for a library in the core or a piece: its exports, asked for (through `ask`) when the stand-in is first evaluated. */
function libraryStub(exported, name, ask) {
  const call = `${ask}(${JSON.stringify(`lib:${name}`)})`;
  const names = exported[name];
  if (names === undefined) return `module.exports = ${call};`;
  return [`const library = ${call};`, 'export default library.default;', ...names.map((key) => `export const ${key} = library.${key};`)].join('\n');
}

// `--floor DIR`: the bench's floor (test/tools/floor.ts, one GET through
// kettle's Transport) bundled as the CLI is, beside a copy of bin/kettle.cjs
// (the one given with --bin, else this checkout's): DIR/bin/kettle.cjs runs it
// with the CLI's V8 flags and code cache. Nothing else is built.
const floorAt = process.argv.indexOf('--floor');
if (floorAt !== -1) {
  const dir = process.argv[floorAt + 1];
  const binAt = process.argv.indexOf('--bin');
  const bin = binAt === -1 ? join(ROOT, 'bin', 'kettle.cjs') : process.argv[binAt + 1];
  if (!dir || !bin) throw new Error('usage: build-cli.mjs --floor DIR [--bin BIN]');
  const floor = await build(bundleOptions(join(ROOT, 'test', 'tools', 'floor.ts'), join(dir, 'dist', 'cli', 'main.cjs')));
  const bytes = finishBundle(floor.outputFiles.find((f) => f.path.endsWith('/main.cjs')).text);
  mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'cli', 'main.cjs'), Buffer.concat([bundleHead(bytes, ['floor']), bytes]));
  copyFileSync(bin, join(dir, 'bin', 'kettle.cjs'));
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  process.exit(0);
}

rmSync(OUT, { recursive: true, force: true });
const result = await build({ ...bundleOptions(join(ROOT, 'src', 'main.ts'), join(OUT, 'main.cjs')), metafile: true });
mkdirSync(OUT, { recursive: true });
const output = (name) => result.outputFiles.find((f) => f.path.endsWith(`/${name}`))?.text;
const legal = output('main.cjs.LEGAL.txt');
if (legal !== undefined) writeFileSync(join(OUT, 'main.cjs.LEGAL.txt'), legal);
const bundle = finishBundle(output('main.cjs'));
const jqWeb = dirname(createRequire(import.meta.url).resolve('jq-web'));
copyFileSync(join(jqWeb, 'jq.wasm'), join(OUT, 'jq.wasm'));

// The help of every command, rendered now from the same sources (see
// src/cli/help-texts.ts): bin/kettle.cjs prints it without loading the CLI.
// One file per distinct text, and an index of every spelling of every path.
const scratch = mkdtempSync(join(tmpdir(), 'kettle-help-'));
let commandWords = [];
let entries = [];
try {
  await build({
    entryPoints: [join(ROOT, 'src', 'cli', 'help-texts.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    outfile: join(scratch, 'help-texts.mjs'),
    banner: { js: "import{createRequire as __kettleRequire}from'node:module';const require=__kettleRequire(import.meta.url);" },
    plugins: [deferUnused],
  });
  const { helpTexts, ENTRIES } = await import(pathToFileURL(join(scratch, 'help-texts.mjs')).href);
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const { paths, groups, texts } = await helpTexts(version);
  entries = ENTRIES.map((e) => ({ name: e.name, aliases: e.aliases }));
  mkdirSync(join(OUT, 'help'));
  texts.forEach((text, i) => writeFileSync(join(OUT, 'help', `${i}.txt`), text));
  writeFileSync(join(OUT, 'help', 'index.json'), `${JSON.stringify({ paths, groups })}\n`);
  commandWords = [...new Set(Object.keys(paths).map((p) => p.split(' ')[0]))].filter(Boolean);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// The first line names the bundle's content: bin/kettle.cjs keys its code
// cache by it (and by Node's version), without hashing the file on every run.
// The second names the words of the top-level commands (aliases and `help`
// included): the code cache is kept per command, so that each command's
// holds the functions that command runs (see bin/kettle.cjs).
if (!commandWords.every((w) => /^[a-z][a-z0-9-]*$/.test(w))) throw new Error(`a command word the code cache cannot be named by: ${commandWords.join(' ')}`);

// The core and a piece per top-level command (see splitBundle): built from
// the whole bundle's module graph, named by the same hash as every file of this build.
const split = await splitBundle(result.metafile);
const buildHash = createHash('sha256').update(bundle);
for (const bytes of [
  split.core,
  ...Object.keys(split.pieces)
    .sort()
    .map((name) => split.pieces[name]),
  ...LIBRARIES.map((name) => split.libs[name]),
])
  buildHash.update(bytes);
const hash = buildHash.digest('hex').slice(0, 16);
const head = (lines) => Buffer.from(`// kettle-bundle ${hash}\n${lines.map((l) => `// ${l}\n`).join('')}`);
const END = Buffer.from('\n// kettle-end\n');
writeFileSync(join(OUT, 'main.cjs'), Buffer.concat([head([`kettle-commands ${commandWords.join(' ')}`]), bundle]));
const table = entries.filter((e) => split.pieces[e.name] !== undefined && !split.wholeTree.includes(e.name)).map((e) => [e.name, ...(e.aliases ?? [])].join('='));
// The table of pieces, each with the words that name it, is a file of its own,
// which bin/kettle.cjs reads before the core: a line that names no piece (an
// alias, an extension, a misspelling) reads no more, and one that does reads
// both with readFileSync (a partial read of the core's head took Node's
// open, read and close functions, compiled on their first call: about 0.5 ms).
writeFileSync(join(OUT, 'pieces.txt'), head([`kettle-pieces ${table.join(' ')}`]));
writeFileSync(join(OUT, 'core.cjs'), Buffer.concat([head(['kettle-core']), split.core, END]));
mkdirSync(join(OUT, 'pieces'));
for (const [name, bytes] of Object.entries(split.pieces)) {
  mkdirSync(dirname(join(OUT, 'pieces', `${name}.cjs`)), { recursive: true });
  writeFileSync(join(OUT, 'pieces', `${name}.cjs`), Buffer.concat([head([`kettle-piece ${name}`]), bytes, END]));
}
mkdirSync(join(OUT, 'libs'));
for (const [name, bytes] of Object.entries(split.libs)) writeFileSync(join(OUT, 'libs', `${name}.cjs`), Buffer.concat([head([`kettle-library ${name}`]), bytes, END]));
if (H2_DIR !== undefined) {
  mkdirSync(join(H2_DIR, 'bin'), { recursive: true });
  copyFileSync(join(ROOT, 'bin', 'kettle.cjs'), join(H2_DIR, 'bin', 'kettle.cjs'));
  copyFileSync(join(ROOT, 'package.json'), join(H2_DIR, 'package.json'));
}
