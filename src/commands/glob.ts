// The glob syntax of github.com/gobwas/glob, as Gitea and Forgejo compile
// status-check contexts (services/pull/commit_status.go, no separator) and
// branch protection rule names (models/git/protected_branch.go loadGlob, with
// '/' as separator): `*` any run of characters but the separator, `**` any
// run at all, `?` one character but the separator, `[abc]`, `[a-z]`, `[!abc]`
// one of a set or none of it, `{a,b}` either pattern, `\` the next character
// as it is.

/** The pattern as a whole-string regular expression; one the servers cannot compile is taken literally, as they do. */
export function serverGlob(pattern: string, separator?: string): RegExp {
  const one = separator === undefined ? '.' : `[^${escapeRegExp(separator)}]`;
  let out = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) out += escapeRegExp(pattern[++i] as string);
    else if (c === '*') {
      let stars = 1;
      while (pattern[i + 1] === '*') {
        i++;
        stars++;
      }
      out += stars > 1 ? '.*' : `${one}*`;
    } else if (c === '?') out += one;
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        const body = pattern.slice(i + 1, end);
        const negated = body.startsWith('!');
        out += `[${negated ? '^' : ''}${(negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&')}]`;
        i = end;
      }
    } else if (c === '{') {
      depth++;
      out += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else out += escapeRegExp(c);
  }
  while (depth-- > 0) out += ')';
  try {
    return new RegExp(`^${out}$`, 's');
  } catch {
    return new RegExp(`^${escapeRegExp(pattern)}$`);
  }
}

/** Whether a rule name is a pattern rather than a branch name (models/git/protected_branch.go IsRuleNameSpecial). */
export function isGlob(name: string): boolean {
  return /[*?[\]{}\\]/.test(name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
