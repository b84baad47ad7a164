// Which lines of a pull request can take a comment: the lines of its diff (the
// server's `.diff`, git's unified format), on the new side (added and context
// lines) or the old side (removed and context lines), renames included. A line
// comment is sent as a line number of one side: CreatePullReview reads
// `new_position` as a line of the new file and `old_position` as a line of the
// old one (routers/api/v1/repo/pull_review.go, CreatePullReview: `line =
// c.NewLineNum`, or `-c.OldLineNum` for the old side), and keys it by the
// file's path in the new version (its old path for a deleted file), as the
// web page's diff names it (services/gitdiff DiffFile.Name).
import { KettleError, UsageError } from '../../errors.js';

export type Side = 'new' | 'old';

export interface DiffLine {
  kind: '+' | '-' | ' ';
  old?: number;
  new?: number;
  text: string;
}

export interface DiffFile {
  /** undefined for a new file. */
  oldPath: string | undefined;
  /** undefined for a deleted file. */
  newPath: string | undefined;
  binary: boolean;
  lines: DiffLine[];
}

/** Where a comment goes: FILE:LINE[-LINE][:old] as given. */
export interface Spot {
  file: string;
  side: Side;
  start: number;
  end: number;
  /** As typed, for messages. */
  given: string;
}

/** A comment's place once checked against the diff: the path the server keys it by, and its lines. */
export interface Placed {
  path: string;
  side: Side;
  start: number;
  end: number;
}

/** FILE:LINE, FILE:LINE-LINE, either with :old for the old side (FILE may hold colons). */
export function parseSpot(value: string): Spot {
  const m = /^(.+):(\d+)(?:-(\d+))?(?::(old|new))?$/.exec(value);
  if (!m) throw new UsageError(`--comment-on takes FILE:LINE, FILE:LINE-LINE, or either with :old for the old side, not '${value}'`);
  const start = Number(m[2]);
  const end = m[3] === undefined ? start : Number(m[3]);
  if (start < 1 || end < start) throw new UsageError(`--comment-on ${value}: lines count from 1, and a range goes from the lower line to the higher`);
  return { file: m[1] as string, side: m[4] === 'old' ? 'old' : 'new', start, end, given: value };
}

/** A path as git writes it: plain, or quoted with C escapes ("a\303\251.txt"). */
function unquote(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"')) return path;
  const bytes: number[] = [];
  const body = path.slice(1, -1);
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, '\\': 92 };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = body[i + 1] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(Number.parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** `--- a/X`, `+++ b/Y`, `--- /dev/null`: the path, without its a/ or b/, or undefined for /dev/null. */
function sidePath(rest: string): string | undefined {
  const path = unquote(rest.replace(/\t$/, ''));
  if (path === '/dev/null') return undefined;
  return path.replace(/^[ab]\//, '');
}

/** The files of a unified diff with every line numbered on its sides. */
export function parseDiff(text: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: DiffFile | undefined;
  let oldAt = 0;
  let newAt = 0;
  let oldLeft = 0;
  let newLeft = 0;
  for (const line of text.split('\n')) {
    if (file && (oldLeft > 0 || newLeft > 0)) {
      const kind = line[0];
      if (kind === ' ') {
        file.lines.push({ kind: ' ', old: oldAt++, new: newAt++, text: line.slice(1) });
        oldLeft--;
        newLeft--;
        continue;
      }
      if (kind === '-') {
        file.lines.push({ kind: '-', old: oldAt++, text: line.slice(1) });
        oldLeft--;
        continue;
      }
      if (kind === '+') {
        file.lines.push({ kind: '+', new: newAt++, text: line.slice(1) });
        newLeft--;
        continue;
      }
      if (kind === '\\') continue;
      // A hunk shorter than its header said: what follows is read as headers again.
      oldLeft = 0;
      newLeft = 0;
    }
    if (line.startsWith('diff --git ')) {
      // The header's two paths; `---`/`+++` or `rename from`/`rename to` below say them exactly.
      const m = /^diff --git (?:"?a\/(.*?)"?) (?:"?b\/(.*?)"?)$/.exec(line);
      file = { oldPath: m?.[1], newPath: m?.[2], binary: false, lines: [] };
      files.push(file);
      continue;
    }
    if (!file) continue;
    if (line.startsWith('new file mode')) file.oldPath = undefined;
    else if (line.startsWith('deleted file mode')) file.newPath = undefined;
    else if (line.startsWith('rename from ')) file.oldPath = unquote(line.slice('rename from '.length));
    else if (line.startsWith('rename to ')) file.newPath = unquote(line.slice('rename to '.length));
    else if (line.startsWith('--- ')) file.oldPath = sidePath(line.slice(4));
    else if (line.startsWith('+++ ')) file.newPath = sidePath(line.slice(4));
    else if (line.startsWith('Binary files ') || line === 'GIT binary patch') file.binary = true;
    else {
      const h = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (h) {
        oldAt = Number(h[1]);
        oldLeft = h[2] === undefined ? 1 : Number(h[2]);
        newAt = Number(h[3]);
        newLeft = h[4] === undefined ? 1 : Number(h[4]);
      }
    }
  }
  return files;
}

/** The line numbers of one side of a file that the diff shows, in order. */
export function linesOn(file: DiffFile, side: Side): number[] {
  const out: number[] = [];
  for (const l of file.lines) {
    const n = side === 'new' ? l.new : l.old;
    if (n !== undefined) out.push(n);
  }
  return out;
}

/** 30-37, 52-60: runs of consecutive numbers. */
function runs(numbers: number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < numbers.length) {
    let j = i;
    while (j + 1 < numbers.length && (numbers[j + 1] as number) === (numbers[j] as number) + 1) j++;
    parts.push(i === j ? String(numbers[i]) : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * Check a spot against the diff: the file must be changed, and every line of
 * it shown on that side. Refused otherwise, naming the nearest lines that are.
 * `what` names the pull request ("pull request #5 in alice/teapot").
 */
export function place(files: DiffFile[], spot: Spot, what: string): Placed {
  const file = files.find((f) => f.newPath === spot.file) ?? files.find((f) => f.oldPath === spot.file);
  if (!file) {
    const names = files.map((f) => f.newPath ?? f.oldPath ?? '');
    const shown = names.length > 10 ? `${names.slice(0, 10).join(', ')} and ${names.length - 10} more` : names.join(', ');
    throw new KettleError(`--comment-on ${spot.given}: ${spot.file} is not changed by ${what}${names.length > 0 ? `; the files it changes: ${shown}` : ' (it changes no file)'}`);
  }
  const path = file.newPath ?? file.oldPath ?? spot.file;
  if (file.binary) throw new KettleError(`--comment-on ${spot.given}: ${path} is a binary file in ${what}, and has no lines to comment on`);
  const shown = linesOn(file, spot.side);
  const version = spot.side === 'new' ? 'new' : 'old';
  if (shown.length === 0) {
    const other = spot.side === 'new' ? 'it was deleted: comment on its old lines (FILE:LINE:old)' : 'it is a new file: comment on its new lines (FILE:LINE, without :old)';
    throw new KettleError(`--comment-on ${spot.given}: ${path} has no ${version} lines in ${what}; ${other}`);
  }
  const present = new Set(shown);
  for (let n = spot.start; n <= spot.end; n++) {
    if (present.has(n)) continue;
    const before = shown.filter((x) => x < n).at(-1);
    const after = shown.find((x) => x > n);
    const nearest = [before, after].filter((x): x is number => x !== undefined).map(String);
    throw new KettleError(
      `--comment-on ${spot.given}: line ${n} of ${path}${spot.side === 'old' ? ' (old side)' : ''} is not part of the diff of ${what}; the nearest lines that are: ${listOf(nearest)} (the diff shows lines ${runs(shown)} of the ${version} version)`,
    );
  }
  return { path, side: spot.side, start: spot.start, end: spot.end };
}

/** The text of a line of one side of a file, as the diff shows it now (undefined when it does not). */
export function lineText(files: DiffFile[], path: string, side: Side, n: number): string | undefined {
  const file = files.find((f) => (f.newPath ?? f.oldPath) === path);
  return file?.lines.find((l) => (side === 'new' ? l.new : l.old) === n)?.text;
}
