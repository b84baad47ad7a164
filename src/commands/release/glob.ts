// Asset names matched against --pattern: `*` (any run of characters), `?`
// (one character) and `[...]` (one of a set or range; `[!...]` or `[^...]`
// for none of them), with `\` taking the next character literally. A small
// matcher of kettle's own: Node 20's path.matchesGlob prints an
// experimental-feature warning, and asset names have no folders to walk.

/** The pattern as a regular expression that matches whole names. */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') {
      source += '.*';
    } else if (c === '?') {
      source += '.';
    } else if (c === '\\' && i + 1 < pattern.length) {
      source += escapeRegExp(pattern[++i] as string);
    } else if (c === '[') {
      const set = bracket(pattern, i);
      if (set) {
        source += set.source;
        i = set.end;
      } else {
        // An unclosed bracket is a literal one, as in the shell.
        source += '\\[';
      }
    } else {
      source += escapeRegExp(c);
    }
  }
  try {
    return new RegExp(`^${source}$`, 's');
  } catch {
    // A range backwards, such as [z-a].
    throw new SyntaxError(`invalid pattern "${pattern}"`);
  }
}

/** `[...]` starting at `start`: its regular expression and the index of its `]`; undefined when unclosed. */
function bracket(pattern: string, start: number): { source: string; end: number } | undefined {
  let i = start + 1;
  let negate = false;
  if (pattern[i] === '!' || pattern[i] === '^') {
    negate = true;
    i++;
  }
  let body = '';
  // A `]` right after the opening (or the negation) is a member, not the end.
  for (let first = true; i < pattern.length; i++, first = false) {
    const c = pattern[i] as string;
    if (c === ']' && !first) return { source: `[${negate ? '^' : ''}${body}]`, end: i };
    if (c === '\\' && i + 1 < pattern.length) {
      body += escapeClass(pattern[++i] as string);
    } else if (c === '-' && !first && pattern[i + 1] !== ']' && i + 1 < pattern.length) {
      body += '-';
    } else {
      body += escapeClass(c);
    }
  }
  return undefined;
}

function escapeRegExp(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function escapeClass(c: string): string {
  return c.replace(/[\]\\^-]/g, '\\$&');
}

/** Whether a name matches a glob pattern. */
export function matchesGlob(name: string, pattern: string): boolean {
  return globToRegExp(pattern).test(name);
}
