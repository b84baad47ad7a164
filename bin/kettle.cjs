#!/usr/bin/env node
// Entry point: keep it tiny. CommonJS on purpose: Node starts an ES module
// entry more slowly (about 4 ms on Node 20), and this file decides whether
// anything else needs loading at all.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** Write text to stdout, as the CLI would, without creating process.stdout unless a pipe is full. */
function print(text) {
  const bytes = Buffer.from(text);
  let done = 0;
  try {
    while (done < bytes.length) done += fs.writeSync(1, bytes, done);
  } catch (err) {
    // A full non-blocking pipe: write the rest through the stream instead. A
    // closed stdout (kettle --help | true): nothing to tell anyone, exit 0.
    if (err.code === 'EAGAIN') process.stdout.on('error', () => undefined).write(bytes.subarray(done));
  }
}

/**
 * The help text this command line asks for, rendered at build time
 * (src/cli/help-texts.ts), or undefined when the CLI must answer: an unknown
 * command, an option other than --help, or a terminal whose width is not the
 * 80 columns the texts were rendered for.
 */
function prebuiltHelp(words) {
  let wanted;
  if (words.length === 0) wanted = [];
  else if (words[0] === 'help') wanted = words.slice(1);
  else if (words[words.length - 1] === '--help' || words[words.length - 1] === '-h') wanted = words.slice(0, -1);
  else if (words.length === 1) wanted = words;
  else return undefined;
  if (wanted.some((w) => w.startsWith('-'))) return undefined;
  let index;
  try {
    index = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'dist', 'cli', 'help', 'index.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const key = wanted.join(' ');
  const at = index.paths[key];
  // A lone word is help only for a command that has subcommands (`kettle issue`); `kettle whoami` runs.
  if (at === undefined || (words.length === 1 && words[0] === key && !index.groups.includes(key))) return undefined;
  // Asked only now: node:tty costs about 4 ms to load, which `kettle whoami` need not pay.
  if (require('node:tty').isatty(1) && process.stdout.columns !== 80) return undefined;
  try {
    return fs.readFileSync(path.join(__dirname, '..', 'dist', 'cli', 'help', `${at}.txt`), 'utf8');
  } catch {
    return undefined;
  }
}

const args = process.argv.slice(2);
const help = prebuiltHelp(args);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Scripts run `kettle --version` to see that kettle is there and which one
  // it is: answer from package.json without loading the CLI. Loading commander
  // alone costs more than a third of bare Node's start-up on Node 20.
  const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
  print(`${version}\n`);
} else if (help !== undefined) {
  print(help);
} else {
  // undici parses HTTP with WebAssembly (llhttp). V8 compiles it twice: a
  // quick baseline (Liftoff), then an optimised one in the background that a
  // short command never profits from. Measured on `kettle whoami`: about 40 ms
  // of CPU and 30 MiB of peak memory less with the baseline only; parsing a
  // few hundred kilobytes of responses is no slower to notice. Set before
  // undici loads.
  const v8 = require('node:v8');
  v8.setFlagsFromString('--liftoff-only');
  // V8 doubles the young generation each time it fills while much survives,
  // up to 16 MiB a half (Node 20; Node 24 goes further): a long list, which
  // allocates pages of records quickly, then holds 32 to 48 MiB more than it
  // uses. The heap's size is fixed before any script runs, but the growth
  // factor is read at each growth: 1 keeps the young generation at its first
  // size. Measured on `issue list --all --json` of 20,000 Gitea-sized issues:
  // peak memory 133 -> 98 MiB on Node 20, 150 -> 108 on Node 22, 270 -> 140
  // on Node 24, for a little more CPU in the garbage collector; a short
  // command never grows it anyway.
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  // After each full collection V8 lets the old generation grow by up to 4
  // times what survived before the next one, on a small heap: a long list,
  // whose pages die soon after they are written out, then reaches several
  // times the memory it uses. 30 % (also read as it goes): peak memory of
  // `issue list --all --json` on 20,000 Gitea-sized issues 98 -> 80 MiB on
  // Node 20, --jq '.[].number' 112 -> 86 MiB, for no CPU to measure on the
  // 5,000-issue list (more, shorter full collections).
  v8.setFlagsFromString('--heap-growing-percent=30');
  // With --jq, jq (WebAssembly) does the work, and what kettle's JavaScript
  // does around it runs as well in V8's baseline tiers: the optimising
  // compilers' code and memory cost more than they save. Measured on
  // `issue list --all --jq '.[].number'` of 20,000 Gitea-sized issues: peak
  // memory 82 -> 74 MiB, no more CPU (6.1-6.5 s against 5.9-7.1 s); on a
  // large output (`--jq '.[]'`, 10 MB) the same time. Such a run keeps a code
  // cache of its own (the flags are part of what V8 checks).
  const jqRun = args.some((a) => a === '--jq' || a === '-q' || a.startsWith('--jq='));
  if (jqRun) v8.setFlagsFromString('--max-opt=1');
  let cli;
  try {
    const dist = path.join(__dirname, '..', 'dist', 'cli');
    cli = loadPieces(dist, args, jqRun ? '-jq' : '') ?? loadCli(path.join(dist, 'main.cjs'), args, jqRun ? '-jq' : '');
  } catch (err) {
    // Only a checkout that was never built gets here: say how to build it.
    const missing = err && err.code === 'ENOENT';
    process.stderr.write(missing ? 'kettle: the CLI is not built yet; run: npm run build\n' : `kettle: cannot load the CLI: ${err?.message}\n`);
    process.exitCode = 1;
  }
  // main() reports every error itself; this catch is a last resort that
  // still prints one line and no stack (a stack may hold a secret).
  cli?.main(args).catch((err) => {
    process.stderr.write(`kettle: unexpected error: ${String(err?.message || err).split('\n')[0]}\n`);
    process.exitCode = 1;
  });
}

/**
 * Evaluate the CLI, one CommonJS bundle (test/tools/build-cli.mjs), with V8's
 * code cache: compiling the 2.2 MB bundle from source is most of what a short
 * command would otherwise spend before it does anything (Node 20 caches
 * nothing on its own). The cache is kept in the user's cache folder, one file
 * per bundle, Node version and top-level command, made from the functions a
 * run actually compiled, at the end of the first run of that command that had
 * none (or whose cache V8 rejected). Per command, because a cache holds what
 * the run that made it compiled: `issue list` from a cache that `login add`
 * made compiles its own functions from source on every run, and reads
 * login's for nothing. Any trouble with it (a folder that cannot be written, a file
 * that is cut short or damaged, another Node) only means compiling from
 * source: V8 checks the cache against the source, its own version and flags,
 * and a cache it rejects is never used.
 */
function loadCli(file, words, variant) {
  // ASCII (the build checks): Latin-1 makes it a one-byte string, quickly.
  const source = fs.readFileSync(file, 'latin1');
  const vm = require('node:vm');
  const cacheFile = codeCacheFile(source, words, variant);
  let cached;
  if (cacheFile !== undefined) cached = readCodeCache(cacheFile);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapper, { filename: file, cachedData: cached });
  if (cacheFile !== undefined && (cached === undefined || script.cachedDataRejected)) {
    process.once('exit', () => writeCodeCache(cacheFile, script));
  }
  const module = { exports: {} };
  // The bundle requires Node's built-in modules only (the build checks), so
  // this file's own require serves it: node:module's createRequire would load
  // Node's ES module loader, about 1.5 ms of every command.
  script.runInThisContext().call(module.exports, module.exports, require, module, file, path.dirname(file));
  return module.exports;
}

/**
 * The command's word: the first word past the root options (and their
 * values) before it, as src/cli/program.ts's commandWordAt finds it; undefined
 * when there is none or another option comes first.
 */
function commandWord(words) {
  // Root options that may come before the command's word, and whether each takes a value (src/cli/program.ts).
  const ROOT_OPTIONS = { '--login': true, '--timeout': true, '--sudo': true, '--debug': false, '--no-color': false, '--dry-run': false };
  for (let i = 0; i < words.length; ) {
    const word = words[i];
    if (!word.startsWith('-')) return word;
    const takesValue = ROOT_OPTIONS[word.replace(/=.*$/, '')];
    if (takesValue === undefined) return undefined;
    i += takesValue && !word.includes('=') ? 2 : 1;
  }
  return undefined;
}

/**
 * The CLI as its core and the piece of the top-level command the line names
 * (test/tools/build-cli.mjs, splitBundle): about a third less to read,
 * deserialise and evaluate than the whole bundle. Undefined, and nothing
 * evaluated, when the line names no built-in command (help, completion, an
 * alias, an extension or a misspelling: the whole CLI answers those), or the
 * core or the piece cannot be read or compiled (a partial install): then the
 * whole bundle is loaded. Each has its own code cache, per command.
 */
function loadPieces(dist, words, variant) {
  const word = commandWord(words);
  if (word === undefined) return undefined;
  let core;
  let piece;
  try {
    core = compile(path.join(dist, 'core.cjs'), variant, (head) => {
      const table = /^\/\/ kettle-pieces ([a-z0-9 =-]+)\n/.exec(head.rest);
      const names = table === null ? undefined : table[1].split(' ').find((n) => n.split('=').includes(word));
      piece = names?.split('=')[0];
      return piece === undefined || piece === 'completion' ? undefined : `${piece}${variant}-core`;
    });
    if (core === undefined) return undefined;
    piece = compile(path.join(dist, 'pieces', `${piece}.cjs`), variant, (head) => (head.bundle === core.bundle ? `${piece}${variant}` : undefined));
    if (piece === undefined) return undefined;
  } catch {
    return undefined;
  }
  const pieces = new Map();
  const loadPiece = (name) => {
    if (!pieces.has(name)) {
      const compiled = name === piece.name ? piece : compile(path.join(dist, 'pieces', `${name}.cjs`), variant, (head) => (head.bundle === core.bundle ? null : undefined));
      if (compiled === undefined) throw new Error(`the CLI's piece ${name} cannot be read; reinstall kettle`);
      pieces.set(name, run(compiled, { __kettleCore: (i) => modules[i]() }));
    }
    return pieces.get(name);
  };
  piece.name = piece.file.match(/([a-z0-9-]+)\.cjs$/)[1];
  const exported = run(core, { __kettlePiece: loadPiece });
  const modules = exported.__kettleModules;
  return exported;
}

/**
 * A file of the build compiled with its code cache: undefined when it cannot
 * be read, is cut short (the build ends it with a line of its own), or `cacheOf`
 * (given its first line's hash and the lines after) names no cache (undefined);
 * null: compiled without one.
 */
function compile(file, variant, cacheOf) {
  let source;
  try {
    source = fs.readFileSync(file, 'latin1');
  } catch {
    return undefined;
  }
  const head = /^\/\/ kettle-bundle ([0-9a-f]+)\n/.exec(source.slice(0, 64));
  if (head === null || !source.endsWith('\n// kettle-end\n')) return undefined;
  const name = cacheOf({ bundle: head[1], rest: source.slice(head[0].length, 1024) });
  if (name === undefined) return undefined;
  const cacheFile = name === null ? undefined : cacheFileNamed(head[1], name);
  const script = compileWithCache(file, source, cacheFile, ['exports', 'require', 'module', '__filename', '__dirname', '__kettlePiece', '__kettleCore']);
  return { file, script, bundle: head[1] };
}

/** Evaluate a compiled file of the build; its exports. */
function run(compiled, given) {
  const module = { exports: {} };
  compiled.script.runInThisContext().call(module.exports, module.exports, require, module, compiled.file, path.dirname(compiled.file), given.__kettlePiece, given.__kettleCore);
  return module.exports;
}

/** Compile source with V8's code cache from cacheFile (none: undefined), written at exit when absent or rejected. */
function compileWithCache(file, source, cacheFile, params) {
  const vm = require('node:vm');
  const cached = cacheFile === undefined ? undefined : readCodeCache(cacheFile);
  const wrapper = `(function (${params.join(', ')}) {${source}\n})`;
  const script = new vm.Script(wrapper, { filename: file, cachedData: cached });
  if (cacheFile !== undefined && (cached === undefined || script.cachedDataRejected)) {
    process.once('exit', () => writeCodeCache(cacheFile, script));
  }
  return script;
}

/** The code cache's file for this build, this Node and this name; undefined when there is no cache folder. */
function cacheFileNamed(bundle, name) {
  const home = process.env.HOME;
  const base = process.env.XDG_CACHE_HOME || (home ? path.join(home, '.cache') : undefined);
  if (base === undefined || !path.isAbsolute(base)) return undefined;
  return path.join(base, 'kettle', `code-${bundle}-${process.version}-${process.arch}-${name}.bin`);
}

/**
 * Where this bundle's code cache for this Node and this command line lives;
 * undefined when there is no cache folder. The command is the first word of
 * the command line that names a top-level command (`kettle --login work issue
 * list`: issue), else none (`kettle`, a misspelt command): the cache of the
 * whole CLI. Only the choice of cache hangs on it: a login named like a
 * command only picks another cache. `variant` ('-jq' or '') names runs whose
 * V8 flags differ.
 */
function codeCacheFile(source, words, variant) {
  // The build names the bundle's content on its first line and the command words on its second.
  const head = /^\/\/ kettle-bundle ([0-9a-f]+)\n\/\/ kettle-commands ([a-z0-9 -]+)\n/.exec(source.slice(0, 1024));
  const home = process.env.HOME;
  const base = process.env.XDG_CACHE_HOME || (home ? path.join(home, '.cache') : undefined);
  if (head === null || base === undefined || !path.isAbsolute(base)) return undefined;
  const commands = head[2].split(' ');
  const command = words.find((w) => commands.includes(w)) ?? 'kettle';
  return path.join(base, 'kettle', `code-${head[1]}-${process.version}-${process.arch}-${command}${variant}.bin`);
}

/**
 * The cache, or undefined when absent or damaged. The file ends with its own
 * length (8 bytes) so that one cut short is never handed to V8.
 */
function readCodeCache(file) {
  let bytes;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length <= 8 || bytes.readUInt32LE(bytes.length - 8) !== bytes.length - 8 || bytes.readUInt32LE(bytes.length - 4) !== 0x6b657474) return undefined;
  return bytes.subarray(0, bytes.length - 8);
}

/** Write the cache atomically (a file of our own, renamed over the old one); any failure is ignored. */
function writeCodeCache(file, script) {
  let tmp;
  try {
    const data = script.createCachedData();
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(data.length, 0);
    trailer.writeUInt32LE(0x6b657474, 4);
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.concat([data, trailer]), { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    if (tmp !== undefined) fs.rmSync(tmp, { force: true });
    return;
  }
  removeStaleCaches(file);
}

/**
 * The caches of other builds of kettle (an upgrade leaves its predecessor's
 * behind, a file per command) once untouched for a week: a cache is written
 * once and then only read, so another install still in use loses its caches
 * at most once a week, and makes them again. Only when a cache was written.
 */
function removeStaleCaches(file) {
  const dir = path.dirname(file);
  const own = path.basename(file).split('-')[1];
  const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
  try {
    for (const name of fs.readdirSync(dir)) {
      if (!/^code-[0-9a-f]+-.*\.bin$/.test(name) || name.split('-')[1] === own) continue;
      const stale = path.join(dir, name);
      if (fs.statSync(stale).mtimeMs < weekAgo) fs.rmSync(stale, { force: true });
    }
  } catch {
    // Another kettle removing the same file, a folder that cannot be read: no matter.
  }
}
