// --jq: jq's own language, by jq itself compiled to WebAssembly (the jq-web
// package; README "Output" says why this one). Loaded only when --jq is given:
// its 2.8 MB of WebAssembly would cost every other command start-up time.
import { KettleError, UsageError } from '../errors.js';
import type { JqWeb } from './jq-web.js';
import { Spool } from './spool.js';

interface JqExit extends Error {
  exitCode?: number;
  stderr?: string;
}

/** jq's exit status for a program that does not compile. */
const COMPILE_ERROR = 3;

let instance: Promise<JqWeb> | undefined;

function jqWeb(): Promise<JqWeb> {
  instance ??= import('./jq-web.js').then((m) => m.ready);
  return instance;
}

/**
 * How a list's pages may be filtered:
 * - each: the program is `.[]…` or `.[]… | …`: it runs on every record
 *   alone, so running it page by page prints what it prints on the whole list;
 * - array: `.` or `map(…)`: one array; each page's array is joined to the
 *   previous ones;
 * - whole: anything else sees the whole list at once.
 */
export type JqShape = 'each' | 'array' | 'whole';

/** The top-level `|` that ends the leading `.[]…` term, or the end of the program; -1 when there is neither. */
const LEADING_ITERATION = /^\s*\.\[\]\??(?:\s*(?:\.[A-Za-z_][A-Za-z0-9_]*|\.?"(?:[^"\\]|\\.)*"|\.?\[\s*(?:"(?:[^"\\]|\\.)*"|-?\d+)?\s*\])\??)*\s*/;

/** Where the bracket opened at `open` closes, skipping strings (with their `\(…)` interpolations) and comments; -1 if never. */
function closingBracket(text: string, open: number): number {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  let inString = false;
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (c === '\\' && text[i + 1] === '(') {
        stack.push('string', ')');
        inString = false;
        i++;
      } else if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '#') {
      const end = text.indexOf('\n', i);
      if (end < 0) return -1;
      i = end;
    } else if (pairs[c]) stack.push(pairs[c] as string);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (stack.at(-1) === 'string') {
        stack.pop();
        inString = true;
      } else if (stack.length === 0) return i;
    }
  }
  return -1;
}

export function shapeOf(program: string): JqShape {
  if (program.trim() === '.') return 'array';
  const map = /^\s*map\s*\(/.exec(program);
  if (map) {
    const close = closingBracket(program, map[0].length - 1);
    if (close > 0 && program.slice(close + 1).trim() === '') return 'array';
    return 'whole';
  }
  const lead = LEADING_ITERATION.exec(program);
  if (!lead) return 'whole';
  const rest = program.slice(lead[0].length);
  // `.[] as $x | …` binds, and its body sees the whole list; `.[] |= …` updates it.
  return rest === '' || (rest.startsWith('|') && !rest.startsWith('|=')) ? 'each' : 'whole';
}

/** jq's message, less the name of the input file kettle made up. */
function jqMessage(stderr: string | undefined, fallback: string): string {
  const text = (stderr ?? '')
    .replace(/ \(at inputString:\d+\)/g, '')
    .replace(/ \(at <unknown>\)/g, '')
    .trim();
  return text === '' ? fallback : text;
}

/**
 * What goes before the program so that `$ENV` and `env` answer the user's
 * environment, as jq's and gh's do: jq compiled to WebAssembly sees only its
 * sandbox's made-up one (USER=web_user). Binding `$ENV` shadows jq's own, and
 * `env` is redefined since jq's builtin reads the variable it was compiled
 * with. On the program's first line and without a line break, so the line
 * numbers jq reports are the program's own.
 */
export function environmentPrelude(env: NodeJS.ProcessEnv): string {
  const entries: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) entries[name] = value;
  return `${JSON.stringify(entries)} as $ENV | def env: $ENV; `;
}

export class JqFilter {
  /** How many times jq ran (the tests count them: a list's pages each run it once). */
  runs = 0;
  readonly shape: JqShape;
  /** What jq is given to run: the program behind the environment's prelude. */
  private readonly runnable: string;

  private constructor(
    private readonly jq: JqWeb,
    readonly program: string,
    /** Where what the program writes on stderr (debug, stderr) goes. */
    private readonly notes: (text: string) => void,
    env: NodeJS.ProcessEnv,
  ) {
    this.shape = shapeOf(program);
    this.runnable = environmentPrelude(env) + program;
  }

  /**
   * Load jq and compile the program, without running it: jq is given no
   * input at all, so a program that would loop or fail on any input is only
   * compiled. One that does not compile is a usage error with jq's message.
   */
  static async compile(program: string, notes: (text: string) => void, env: NodeJS.ProcessEnv = {}): Promise<JqFilter> {
    const jq = await jqWeb();
    try {
      // The program alone: jq quotes it in a syntax error, and the prelude would only crowd the quote.
      jq.raw('', program, ['-c']);
    } catch (err) {
      const failure = err as JqExit;
      const message = jqMessage(failure.stderr, failure.message)
        .split('\n')
        .map((line) => line.replace(/^jq: error: /, '').trimEnd())
        .filter((line) => !/^jq: \d+ compile errors?$/.test(line));
      throw new UsageError(`--jq: ${message[0] ?? 'the expression does not compile'}`, message.slice(1));
    }
    return new JqFilter(jq, program, notes, env);
  }

  /**
   * The results of the program on one JSON text, each on its own line:
   * strings raw, other values as compact JSON (jq -r -c, as gh prints them).
   * An error while evaluating exits 1 with jq's message.
   */
  run(input: string | Uint8Array, flags: string[] = ['-r', '-c']): string {
    this.runs++;
    // jq-web prints what jq wrote on stderr with console.warn when jq
    // succeeds (debug, stderr): it goes to stderr as jq's own would.
    const warn = console.warn;
    const notes: string[] = [];
    console.warn = (...args: unknown[]) => notes.push(String(args.at(-1)));
    try {
      // jq-web drops the last line break of what jq printed; nothing printed is undefined.
      // Bytes, not text: jq-web turns a string into UTF-8 in a loop of its own
      // JavaScript (two passes over each page); Buffer.from does it natively.
      const out = this.jq.raw(typeof input === 'string' ? Buffer.from(input) : input, this.runnable, flags);
      return out === undefined ? '' : `${out}\n`;
    } catch (err) {
      const failure = err as JqExit;
      const message = jqMessage(failure.stderr, failure.message);
      if (failure.exitCode === COMPILE_ERROR) throw new UsageError(`--jq: ${message}`);
      throw new KettleError(message);
    } finally {
      console.warn = warn;
      for (const note of notes) this.notes(`${note}\n`);
    }
  }

  /** The elements of the one array the program prints, as compact JSON text without the brackets ('' for none). */
  runArray(input: string): string {
    const text = this.run(input, ['-c']).trim();
    if (!text.startsWith('[') || !text.endsWith(']') || text.includes('\n')) {
      throw new KettleError(`jq: the expression printed ${text === '' ? 'nothing' : 'something other than one array'} for a page of the list`);
    }
    return text.slice(1, -1);
  }
}

/**
 * Runs a filter over a list that arrives page by page, writing results as
 * they come (see JqShape), or, for a program that needs the whole list,
 * collecting its JSON text.
 */
export class JqPages {
  private first = true;
  /** The whole list's JSON text, for a program that needs it all (in a temporary file past a bound, as a list's output). */
  private readonly whole: Spool | undefined;

  constructor(
    private readonly filter: JqFilter,
    private readonly write: (text: string) => void,
    spoolMemory?: number,
  ) {
    if (filter.shape === 'whole') this.whole = new Spool(spoolMemory);
  }

  add(page: readonly unknown[]): void {
    if (this.whole) {
      for (const record of page) {
        this.whole.write(`${this.first ? '[' : ','}${JSON.stringify(record)}`);
        this.first = false;
      }
      return;
    }
    if (page.length === 0) return;
    if (this.filter.shape === 'each') {
      this.write(this.filter.run(JSON.stringify(page)));
      return;
    }
    const elements = this.filter.runArray(JSON.stringify(page));
    if (elements === '') return;
    this.write(this.first ? `[${elements}` : `,${elements}`);
    this.first = false;
  }

  end(): void {
    if (this.whole) {
      this.whole.write(this.first ? '[]' : ']');
      const text = this.whole.contents();
      this.whole.dispose();
      this.write(this.filter.run(text));
      return;
    }
    if (this.filter.shape === 'array') this.write(this.first ? this.filter.run('[]') : ']\n');
  }

  /** Remove the whole list's temporary file, if any; safe to call twice. */
  dispose(): void {
    this.whole?.dispose();
  }
}
