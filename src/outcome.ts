// When a request that changes something fails after it was sent, nobody knows
// whether the server acted on it. This names the kettle command that shows the
// state, so the user checks before trying again (and does not, say, open the
// same issue twice). Pure: maps an API path to a command line; report() in
// errors.ts adds the clause to the failure's first line.

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The kettle command that shows whether a change to `path` took effect. */
export function stateCommand(path: string): string {
  const bare = path.split('?')[0] ?? path;
  const s = bare.split('/').filter(Boolean);
  const repo = s[0] === 'repos' && s.length >= 3 ? `${decode(s[1] ?? '')}/${decode(s[2] ?? '')}` : undefined;
  if (repo !== undefined) {
    const [, , , kind, index, action] = s;
    if (kind === 'issues' && index === undefined) return `kettle issue list -R ${repo} --state all`;
    if (kind === 'issues' && index !== undefined && action === undefined) return `kettle issue view ${index} -R ${repo}`;
    if (kind === 'pulls' && index === undefined) return `kettle pr list -R ${repo} --state all`;
    if (kind === 'pulls' && index !== undefined) return `kettle api /repos/${s[1]}/${s[2]}/pulls/${index}`;
    if (kind === 'hooks') return `kettle hook list -R ${repo}`;
    if (kind === undefined) return `kettle repo view ${repo}`;
  }
  if (s.length === 2 && s[0] === 'user' && s[1] === 'repos') return 'kettle repo list';
  if (s.length === 1 && s[0] === 'orgs') return 'kettle org list';
  // Anything else: look at the resource itself through the escape hatch.
  return `kettle api ${bare}`;
}

/** The clause appended to a failure whose outcome is unknown. */
export function unknownOutcome(path: string): string {
  return `the outcome is unknown: check with \`${stateCommand(path)}\` before trying again`;
}

/** The clause appended to a failure to read the answer to a change the server made (it answered 2xx). */
export function madeButUnread(path: string, status: number): string {
  return `the server made the change (HTTP ${status}): check with \`${stateCommand(path)}\` rather than trying again`;
}
