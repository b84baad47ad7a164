// A webhook's branch filter, matched the way the servers match it (the glob
// syntax of github.com/gobwas/glob with no separators): `*` and `**` any run
// of characters, `?` one character, `[abc]`, `[a-z]`, `[!abc]` one of a set
// or none of it, `{a,b}` either pattern, `\` the next character as it is.
// A filter that does not compile matches nothing, as on the servers.

function escapeRegExp(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** The filter as a whole-string regular expression, or undefined when it does not compile. */
export function branchFilterRegExp(filter: string): RegExp | undefined {
  let i = 0;
  let depth = 0;
  let source = '';
  while (i < filter.length) {
    const c = filter[i] as string;
    if (c === '*') {
      source += '[\\s\\S]*';
      while (filter[i] === '*') i++;
      continue;
    }
    if (c === '?') source += '[\\s\\S]';
    else if (c === '\\') {
      if (i + 1 >= filter.length) return undefined;
      source += escapeRegExp(filter[++i] as string);
    } else if (c === '[') {
      const close = filter.indexOf(']', i + 1);
      if (close < 0) return undefined;
      let body = filter.slice(i + 1, close);
      const negated = body.startsWith('!');
      if (negated) body = body.slice(1);
      if (body === '') return undefined;
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
      i = close;
    } else if (c === '{') {
      depth++;
      source += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      source += ')';
    } else if (c === ',' && depth > 0) {
      source += '|';
    } else source += escapeRegExp(c);
    i++;
  }
  if (depth !== 0) return undefined;
  try {
    return new RegExp(`^(?:${source})$`);
  } catch {
    return undefined;
  }
}

/**
 * Whether a push to `branch` passes the filter. Gitea 1.25 and later also try
 * the full ref name (refs/heads/…); `newer` says which rule applies.
 */
export function branchPasses(filter: string, branch: string, newer: boolean): boolean {
  if (filter === '' || filter === '*' || (newer && filter === '**')) return true;
  const re = branchFilterRegExp(filter);
  if (re === undefined) return false;
  return re.test(branch) || (newer && re.test(`refs/heads/${branch}`));
}
