// Where a JSON text that does not parse goes wrong, as a line number: a file a
// person edited by hand is fixed by its line, not by a character offset.

/** The 1-based line of the error JSON.parse reported for `text` (the last line when it names no position). */
export function jsonErrorLine(text: string, err: unknown): number {
  const message = err instanceof Error ? err.message : '';
  const line = /\(line (\d+) column \d+\)/.exec(message);
  if (line) return Number(line[1]);
  const position = /at position (\d+)/.exec(message);
  const at = position ? Number(position[1]) : text.trimEnd().length;
  return text.slice(0, at).split('\n').length;
}
