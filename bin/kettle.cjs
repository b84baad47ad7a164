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
  // Node checks the code cache of its own modules against V8's flags, which
  // the lines below change: a module of Node's loaded after them is compiled
  // from source. The ones a command loads anyway are loaded first: node:vm
  // (this file compiles the CLI with it), and node:net and
  // node:diagnostics_channel, which undici loads (a command that makes no
  // request pays for them: most make one). Counted by valgrind, loading these
  // three after the flags took 16 million instructions more than before them
  // (`kettle whoami` runs about 230 million). So are process.stdout and
  // process.stderr, which every command makes (src/main.ts): a file's stream
  // (internal/fs/sync_write_stream) and a terminal's (node:tty) are modules
  // of Node's too; and node:process, which commander (for a line it reads),
  // chalk and conf import, with node:os when chalk looks at a terminal's
  // colours.
  require('node:vm');
  require('node:net');
  require('node:diagnostics_channel');
  require('node:process');
  if (process.stdout.isTTY || process.stderr.isTTY) require('node:os');
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
  // V8 posts a task to collect the young generation once it is 80 % full,
  // before an allocation needs it: in a short command, whose young objects
  // nearly all survive, that copies them once more, in the middle of the
  // command's own work. Without the task, V8 collects when an allocation
  // needs it: later, or (a command that ends first) not at all. A small
  // gain, on `kettle whoami`: 1 to 3 % fewer instructions (valgrind, three
  // runs each), and 0 to 1.7 ms in four comparisons of 100 to 150
  // alternating runs; no change on `issue list`'s first page.
  v8.setFlagsFromString('--no-minor-gc-task');
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
    const variant = jqRun ? '-jq' : '';
    cli = loadPieces(dist, args, variant) ?? loadCli(path.join(dist, 'main.cjs'), args, variant);
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
 * Evaluate the whole CLI, one CommonJS bundle (test/tools/build-cli.mjs), with
 * V8's code cache: compiling the 2.5 MB bundle from source is most of what a
 * short command would otherwise spend before it does anything (Node 20 caches
 * nothing on its own). The cache is kept in the user's cache folder, one file
 * per build, Node version, set of V8 flags and top-level command
 * (codeCacheFile), made from the functions a run actually compiled, at the
 * end of the first run of that command that had
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
  // The build names the bundle's content on its first line and the command words on its second.
  const head = /^\/\/ kettle-bundle ([0-9a-f]+)\n\/\/ kettle-commands ([a-z0-9 -]+)\n/.exec(source.slice(0, 1024));
  // The command is the first word of the command line that names a top-level
  // command (`kettle --login work issue list`: issue), else none (`kettle`, a
  // misspelt command): the cache of the whole CLI. Only the choice of cache
  // hangs on it: a login named like a command only picks another cache.
  const command = head === null ? undefined : (words.find((w) => head[2].split(' ').includes(w)) ?? 'kettle');
  const cacheFile = head === null ? undefined : codeCacheFile(head[1], `${command}${variant}`);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  return evaluate(compileWithCache(wrapper, file, cacheFile), file);
}

/**
 * The command's word: the first word past the root options before it (and
 * their values), as src/cli/words.ts's commandWordAt finds it: `kettle
 * --login whoami issue list` names issue. Undefined when there is none or
 * another option comes first.
 */
function commandWord(words) {
  // The root options, and whether each takes a value (src/cli/words.ts's ROOT_OPTIONS).
  const rootOptions = { '--login': true, '--timeout': true, '--sudo': true, '--debug': false, '--no-color': false, '--dry-run': false };
  for (let i = 0; i < words.length; ) {
    const word = words[i];
    if (!word.startsWith('-')) return word;
    const takesValue = rootOptions[word.replace(/=.*$/, '')];
    if (takesValue === undefined) return undefined;
    i += takesValue && !word.includes('=') ? 2 : 1;
  }
  return undefined;
}

/**
 * The CLI as its core and the piece of the top-level command the line names
 * (test/tools/build-cli.mjs, splitBundle): a command reads, deserialises and
 * evaluates the core and its own command's modules, not the whole bundle (and
 * of a command of several verbs, its definitions and then the verb's piece
 * alone: loadVerb below). Each has its own code cache, per command, as the
 * whole bundle's, and a verb's per verb. Undefined,
 * with nothing evaluated, when the line names no command of the table of pieces
 * (help, completion, an alias, an extension, a misspelling: the whole CLI
 * answers those, as it does the commands that need the whole tree), or when
 * the core or the piece cannot be read or compiled (a partial install): the
 * whole bundle is loaded then.
 */
function loadPieces(dist, words, variant) {
  const word = commandWord(words);
  if (word === undefined || !/^[a-z][a-z0-9-]*$/.test(word)) return undefined;
  // The pieces, each with the words that name it (`notification=notifications`),
  // in a file of their own: a line that names none of them (an alias, an
  // extension, a misspelling) reads no more. The core must be of the same build.
  const table = /^\/\/ kettle-bundle ([0-9a-f]+)\n\/\/ kettle-pieces ([a-z0-9 =-]+)\n$/.exec(readText(path.join(dist, 'pieces.txt')));
  const name = table?.[2]
    .split(' ')
    .find((p) => p.split('=').includes(word))
    ?.split('=')[0];
  if (name === undefined) return undefined;
  const core = readPart(path.join(dist, 'core.cjs'));
  if (core === undefined || core.build !== table?.[1]) return undefined;
  const piece = readPart(path.join(dist, 'pieces', `${name}.cjs`));
  if (piece === undefined || piece.build !== core.build) return undefined;
  let coreScript;
  let pieceScript;
  try {
    coreScript = compileWithCache(core.source, core.file, codeCacheFile(core.build, `${name}${variant}-core`));
    pieceScript = compileWithCache(piece.source, piece.file, codeCacheFile(core.build, `${name}${variant}-piece`));
  } catch {
    return undefined;
  }
  let modules;
  const loaded = new Map();
  // The core's manifest asks for a command's definitions through this: the
  // piece compiled above, or (a verb that builds the whole tree) another one.
  const loadPiece = (wanted) => {
    if (wanted.startsWith('lib:')) return loadLibrary(wanted.slice(4));
    if (!loaded.has(wanted)) {
      let script = wanted === name ? pieceScript : undefined;
      if (script === undefined) script = compileAsked(dist, `pieces/${wanted}.cjs`, core.build, undefined);
      // A piece reaches the core's modules through the core's list of them;
      // a verb's piece, its command's through theirs (`defs:N`).
      let definitions;
      const given = (i) => {
        if (typeof i === 'number') return modules[i]();
        if (i.startsWith('lib:')) return loadLibrary(i.slice(4));
        if (i.startsWith('defs:')) return definitions.__kettleModules[Number(i.slice(5))]();
        return loadVerb(wanted, i.slice(5), given);
      };
      definitions = evaluate(script, path.join(dist, 'pieces', `${wanted}.cjs`), given);
      loaded.set(wanted, definitions);
    }
    return loaded.get(wanted);
  };
  // A command of several verbs is its definitions' piece and a piece per verb
  // (dist/cli/pieces/<command>/<verb>.cjs), which the definitions ask for
  // (`verb:KEY`) when the command line's verb is run: read, compiled with a
  // code cache of its own, and evaluated then.
  const loadVerb = (command, key, given) => {
    const id = `${command}/${key}`;
    if (!loaded.has(id)) {
      const cache = command === name ? codeCacheFile(core.build, `${name}${variant}-piece-${key}`) : undefined;
      const script = compileAsked(dist, `pieces/${id}.cjs`, core.build, cache);
      loaded.set(id, evaluate(script, path.join(dist, 'pieces', command, `${key}.cjs`), given));
    }
    return loaded.get(id);
  };
  // A library that only some commands use (conf, prompts, jq-web) is a file
  // of its own, read when the core or a piece first asks for it, with a code
  // cache of the command's; evaluated once, whoever asks again.
  const libraries = new Map();
  const loadLibrary = (lib) => {
    if (!libraries.has(lib)) {
      const script = compileAsked(dist, `libs/${lib}.cjs`, core.build, codeCacheFile(core.build, `${name}${variant}-${lib}`));
      libraries.set(lib, evaluate(script, path.join(dist, 'libs', `${lib}.cjs`)));
    }
    return libraries.get(lib);
  };
  const exported = evaluate(coreScript, core.file, loadPiece);
  modules = exported.__kettleModules;
  return exported;
}

/**
 * A file of the split build that the command asks for as it runs (a verb's
 * piece, a library, another command's definitions), compiled: one that
 * cannot be read, is cut short, is of another build or does not compile is
 * the one-line error below. It is asked for too late for the whole CLI to
 * answer instead.
 */
function compileAsked(dist, relative, build, cacheFile) {
  const part = readPart(path.join(dist, ...relative.split('/')));
  if (part === undefined || part.build !== build) throw damaged(relative);
  try {
    return compileWithCache(part.source, part.file, cacheFile);
  } catch {
    throw damaged(relative);
  }
}

/** The error for a file of the split build that a command needs and cannot read: one line (src/errors.ts knows its code). */
function damaged(file) {
  return Object.assign(new Error(`kettle's file dist/cli/${file} is missing or damaged: reinstall kettle`), { code: 'KETTLE_INSTALL' });
}

/** A file's text, as Latin-1 ('' when it cannot be read). */
function readText(file) {
  try {
    return fs.readFileSync(file, 'latin1');
  } catch {
    return '';
  }
}

/**
 * A file of the split build (the core or a piece): undefined when it cannot be
 * read or is cut short. The build writes each as a function expression
 * (compiled as it is, with no wrapper to add), between a first line naming
 * the build (`// kettle-bundle HASH`) and a last line of its own.
 */
function readPart(file) {
  const source = readText(file);
  const head = /^\/\/ kettle-bundle ([0-9a-f]+)\n/.exec(source.slice(0, 64));
  if (head === null || !source.endsWith('\n// kettle-end\n')) return undefined;
  return { file, source, build: head[1] };
}

/**
 * Compile source (a function expression) with V8's code cache in cacheFile
 * (undefined: none), which is written at exit when it was absent or rejected.
 */
function compileWithCache(source, file, cacheFile) {
  const vm = require('node:vm');
  const cached = cacheFile === undefined ? undefined : readCodeCache(cacheFile);
  const script = new vm.Script(source, { filename: file, cachedData: cached });
  if (cacheFile !== undefined && (cached === undefined || script.cachedDataRejected)) {
    process.once('exit', () => writeCodeCache(cacheFile, script));
  }
  return script;
}

/**
 * Run a compiled file: a function of (exports, require, module, __filename,
 * __dirname) and, for the core, the loader of pieces, for a piece the core's
 * modules. Answers its exports.
 */
function evaluate(script, file, given) {
  const module = { exports: {} };
  // The bundle requires Node's built-in modules only (the build checks), so
  // this file's own require serves it: node:module's createRequire would load
  // Node's ES module loader, about 1.5 ms of every command.
  script.runInThisContext().call(module.exports, module.exports, require, module, file, path.dirname(file), given);
  return module.exports;
}

/**
 * The code cache's file for this build, this Node and this name (the command,
 * `-jq` for runs whose V8 flags differ, and for the split build `-core` or
 * `-piece`), and V8's own tag for what it checks a cache against besides its
 * source: its version, the CPU's features and its flags, those set above and
 * any given to node (on its command line or in NODE_OPTIONS). Runs under
 * other flags keep caches of their own: a shell with
 * NODE_OPTIONS=--max-old-space-size=4096 and one without, taking turns,
 * would otherwise each have V8 reject the other's cache, compile from source
 * and write it again. Undefined when there is no cache folder.
 */
function codeCacheFile(build, name) {
  const home = process.env.HOME;
  const base = process.env.XDG_CACHE_HOME || (home ? path.join(home, '.cache') : undefined);
  if (base === undefined || !path.isAbsolute(base)) return undefined;
  const tag = require('node:v8').cachedDataVersionTag().toString(16);
  return path.join(base, 'kettle', `code-${build}-${process.version}-${process.arch}-${name}-${tag}.bin`);
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
