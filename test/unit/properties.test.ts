// Property-based tests: for any input fast-check can think of, URL handling,
// path-segment encoding, remote parsing, the Link header parser, field
// paths and tables at a terminal keep their promises.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateCommand } from '../../src/outcome.js';
import { parseLinkHeader } from '../../src/api/paginate.js';
import { apiRoot, buildUrl, encodeSegment, instanceRoot, p } from '../../src/api/url.js';
import { locateRepo } from '../../src/context/locate.js';
import { fullName, isSafeSegment, parseRemoteUrl } from '../../src/context/repo.js';
import { crossRepoIssueColumns, issueColumns } from '../../src/commands/issue-columns.js';
import { prColumns } from '../../src/commands/pr/columns.js';
import { hookColumns } from '../../src/commands/hook/columns.js';
import { loginColumns } from '../../src/commands/login/list.js';
import { orgColumns } from '../../src/commands/org/columns.js';
import { repoColumns } from '../../src/commands/repo-columns.js';
import { UsageError } from '../../src/errors.js';
import { getPath, pickFields } from '../../src/output/fields.js';
import { type Column, printList, type Row } from '../../src/output/printer.js';
import { displayWidth } from '../../src/text/width.js';
import { testIO } from '../support/io.js';

const RUNS = { numRuns: 300 };

/** Any string, including astral characters, lone surrogates and controls. */
const anyString = fc.string({ unit: 'binary', maxLength: 40 });
/** Names as Gitea allows them for owners and repositories. */
const safeName = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,19}$/).filter((s) => isSafeSegment(s) && !s.toLowerCase().endsWith('.git'));
const pathSegment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,11}$/).filter((s) => s !== 'api');
/** Owner or name candidates: some safe, some dot segments, some anything at all. */
const nameLike = fc.oneof(
  { weight: 3, arbitrary: safeName },
  { weight: 1, arbitrary: fc.constantFrom('', '.', '..', '%2e%2e', 'a b', 'a?b', 'a#b', 'x.git') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);

/**
 * Count which way each run of a property went, so a test can check that its
 * inputs reached every branch: random strings alone almost never make a valid
 * remote or OWNER/NAME, and a branch no input reaches checks nothing.
 */
function branches<K extends string>(): { seen: Record<K, number>; saw: (branch: K) => void } {
  const seen = {} as Record<K, number>;
  return { seen, saw: (branch) => void (seen[branch] = (seen[branch] ?? 0) + 1) };
}

describe('encodeSegment and the p`` template', () => {
  it('a value always stays one segment of the path it was put in, and decodes back to itself', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        fc.pre(value !== '' && value !== '.' && value !== '..');
        const url = buildUrl('https://git.example.com/forge/api/v1', p`/users/${value}/repos`);
        const segments = url.pathname.split('/');
        expect(segments).toHaveLength(7);
        expect(segments.slice(0, 5)).toEqual(['', 'forge', 'api', 'v1', 'users']);
        expect(segments[6]).toBe('repos');
        expect(url.search).toBe('');
        expect(url.hash).toBe('');
        expect(url.origin).toBe('https://git.example.com');
        // Lone surrogates cannot survive UTF-8; everything else comes back exactly.
        expect(decodeURIComponent(segments[5]!)).toBe(Buffer.from(value, 'utf8').toString('utf8'));
      }),
      RUNS,
    );
  });

  it('the encoded form holds no character that could end or escape a segment', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        fc.pre(value !== '' && value !== '.' && value !== '..');
        expect(encodeSegment(value)).toMatch(/^[A-Za-z0-9%._~-]+$/);
      }),
      RUNS,
    );
  });

  it.each(['', '.', '..'])('refuses the dot segment %j', (value) => {
    expect(() => encodeSegment(value)).toThrow(UsageError);
  });
});

describe('apiRoot', () => {
  const serverUrl = fc.record({
    scheme: fc.constantFrom('http', 'https'),
    host: fc.domain(),
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
    path: fc.array(pathSegment, { maxLength: 3 }),
    api: fc.boolean(),
    slashes: fc.integer({ min: 0, max: 2 }),
  });

  it('ends in /api/v1 exactly once, keeps the origin and the sub-path, and is idempotent', () => {
    fc.assert(
      fc.property(serverUrl, ({ scheme, host, port, path, api, slashes }) => {
        const base = `${scheme}://${host}${port !== undefined ? `:${port}` : ''}`;
        const sub = path.map((s) => `/${s}`).join('');
        const input = `${base}${sub}${api ? '/api/v1' : ''}${'/'.repeat(slashes)}`;
        const root = apiRoot(input);
        const origin = new URL(base).origin;
        expect(root).toBe(`${origin}${sub}/api/v1`);
        expect(apiRoot(root)).toBe(root);
        expect(apiRoot(instanceRoot(root))).toBe(root);
      }),
      RUNS,
    );
  });

  it('never accepts credentials, a query or a fragment in the server URL', () => {
    fc.assert(
      fc.property(fc.domain(), fc.constantFrom('user:pw@', 'user@'), (host, creds) => {
        expect(() => apiRoot(`https://${creds}${host}`)).toThrow(UsageError);
        expect(() => apiRoot(`https://${host}/?token=x`)).toThrow(UsageError);
        expect(() => apiRoot(`https://${host}/#x`)).toThrow(UsageError);
      }),
      RUNS,
    );
  });

  it('turns any input into a usable root or a usage error, never anything else', () => {
    fc.assert(
      fc.property(anyString, (input) => {
        try {
          const root = apiRoot(input);
          expect(root).toMatch(/^https?:\/\/[^/?#]+(\/[^?#]*)?\/api\/v1$/);
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
        }
      }),
      RUNS,
    );
  });
});

describe('git remotes and repository arguments', () => {
  it('finds owner and name in every remote form', () => {
    fc.assert(
      fc.property(fc.domain(), safeName, safeName, fc.boolean(), fc.array(pathSegment, { maxLength: 2 }), (host, owner, name, dotGit, sub) => {
        const tail = `${owner}/${name}${dotGit ? '.git' : ''}`;
        const prefix = sub.map((s) => `${s}/`).join('');
        const expected = { host: host.toLowerCase(), owner, name };
        for (const url of [`https://${host}/${prefix}${tail}`, `http://${host}:3000/${prefix}${tail}/`, `ssh://git@${host}:2222/${tail}`, `git@${host}:${tail}`]) {
          expect(parseRemoteUrl(url)).toEqual(expected);
        }
      }),
      RUNS,
    );
  });

  it('parseRemoteUrl never throws and only yields safe names', () => {
    const remoteLike = fc
      .tuple(
        fc.constantFrom('https://', 'http://', 'ssh://git@', 'git@', 'file://', ''),
        fc.constantFrom('git.example.com', 'git.example.com:2222', '127.0.0.1', ''),
        fc.constantFrom('/', ':', '/forge/'),
        nameLike,
        fc.constantFrom('/', '//', ''),
        nameLike,
        fc.constantFrom('', '.git', '/', '/extra'),
      )
      .map((parts) => parts.join(''));
    const { seen, saw } = branches<'parsed' | 'refused'>();
    fc.assert(
      fc.property(fc.oneof(anyString, remoteLike), (url) => {
        const parsed = parseRemoteUrl(url);
        if (parsed) {
          saw('parsed');
          expect(isSafeSegment(parsed.owner)).toBe(true);
          expect(isSafeSegment(parsed.name)).toBe(true);
        } else {
          saw('refused');
        }
      }),
      RUNS,
    );
    expect(seen.parsed).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });

  it('-R OWNER/NAME round-trips, and anything unsafe is a usage error', () => {
    fc.assert(
      fc.property(safeName, safeName, (owner, name) => {
        expect(fullName(locateRepo(`${owner}/${name}`, []).repo)).toBe(`${owner}/${name}`);
      }),
      RUNS,
    );
    const separator = fc.oneof({ weight: 3, arbitrary: fc.constant('/') }, { weight: 1, arbitrary: fc.constantFrom('//', '', '\\') });
    const repoLike = fc.tuple(nameLike, separator, nameLike).map((parts) => parts.join(''));
    const { seen, saw } = branches<'accepted' | 'refused'>();
    fc.assert(
      fc.property(fc.oneof(anyString, repoLike), (value) => {
        try {
          const ref = locateRepo(value, []).repo;
          saw('accepted');
          expect(isSafeSegment(ref.owner) && isSafeSegment(ref.name)).toBe(true);
        } catch (err) {
          saw('refused');
          expect(err).toBeInstanceOf(UsageError);
        }
      }),
      RUNS,
    );
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });

  it('the command that shows an unknown outcome names the same repository', () => {
    fc.assert(
      fc.property(safeName, safeName, fc.integer({ min: 1, max: 1e6 }), (owner, name, n) => {
        expect(stateCommand(p`/repos/${owner}/${name}/issues`)).toBe(`kettle issue list -R ${owner}/${name} --state all`);
        expect(stateCommand(p`/repos/${owner}/${name}/issues/${n}`)).toBe(`kettle issue view ${n} -R ${owner}/${name}`);
        expect(stateCommand(p`/repos/${owner}/${name}/hooks`)).toBe(`kettle hook list -R ${owner}/${name}`);
      }),
      RUNS,
    );
  });
});

describe('the Link header', () => {
  const rel = fc.constantFrom('next', 'prev', 'first', 'last');
  const linkUrl = fc.webUrl({ withQueryParameters: true }).filter((u) => !/[<>,\s]/.test(u));

  it('parses back every link it was built from, whatever the spacing and case of rel', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(rel, linkUrl, fc.boolean(), fc.boolean()), { selector: ([r]) => r, minLength: 1, maxLength: 4 }), (links) => {
        const header = links.map(([r, u, quoted, upper]) => `<${u}>;${quoted ? ' ' : ''}rel=${quoted ? `"${upper ? r.toUpperCase() : r}"` : r}`).join(', ');
        expect(parseLinkHeader(header)).toEqual(Object.fromEntries(links.map(([r, u]) => [r, u])));
      }),
      RUNS,
    );
  });

  it('never throws on garbage', () => {
    // A real link with noise on either side, beside plain noise.
    const linkish = fc
      .tuple(anyString, fc.constantFrom('next', 'last', 'prev'), fc.boolean(), anyString)
      .map(([before, rel, quoted, after]) => `${before}, <https://h.example/?page=2>; rel=${quoted ? `"${rel}"` : rel}${after}`);
    const { seen, saw } = branches<'links' | 'none'>();
    fc.assert(
      fc.property(fc.oneof(anyString, linkish), (header) => {
        const links = Object.values(parseLinkHeader(header));
        saw(links.length > 0 ? 'links' : 'none');
        for (const v of links) expect(typeof v).toBe('string');
      }),
      RUNS,
    );
    expect(seen.links).toBeGreaterThan(0);
    expect(seen.none).toBeGreaterThan(0);
  });
});

describe('field paths', () => {
  const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !k.includes('.') && !k.includes(',') && k !== '__proto__');
  const record = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });

  it('keeping every top-level key keeps the whole record', () => {
    fc.assert(
      fc.property(record, (rec) => {
        expect(pickFields(rec, Object.keys(rec))).toEqual(rec);
      }),
      RUNS,
    );
  });

  it('a picked path reads the same value as in the original, nested the same way', () => {
    fc.assert(
      fc.property(key, key, fc.jsonValue({ maxDepth: 2 }), record, (outer, inner, value, rest) => {
        const rec = { ...rest, [outer]: { [inner]: value } };
        const picked = pickFields(rec, [`${outer}.${inner}`]);
        expect(picked).toEqual({ [outer]: { [inner]: value } });
        expect(getPath(picked, `${outer}.${inner}`)).toEqual(value);
      }),
      RUNS,
    );
  });

  it('a missing path is left out, never invented', () => {
    fc.assert(
      fc.property(record, key, (rec, missing) => {
        fc.pre(!(missing in rec));
        expect(pickFields(rec, [missing])).toEqual({});
        expect(getPath(rec, missing)).toBeUndefined();
      }),
      RUNS,
    );
  });
});

describe('tables at a terminal', () => {
  /** Text with narrow, wide, zero-width and emoji characters. */
  const text = (maxLength: number) =>
    fc.array(fc.constantFrom('a', 'Z', ' ', '-', '/', '急', '須', 'カ', '한', 'Ａ', 'ｶ', '🐛', '🔥', '✅', 'e\u0301', '—', '❤\uFE0F'), { maxLength }).map((chars) => chars.join(''));
  const when = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2025-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  const issue = fc.record({
    number: fc.integer({ min: 1, max: 9999 }),
    title: text(60),
    state: fc.constantFrom('open', 'closed'),
    merged: fc.boolean(),
    labels: fc.array(
      text(12).map((name) => ({ name })),
      { maxLength: 4 },
    ),
    updated_at: when,
    user: text(12).map((login) => ({ login })),
    head: text(20).map((ref) => ({ ref })),
    base: text(10).map((ref) => ({ ref })),
    repository: text(30).map((full_name) => ({ full_name })),
    full_name: text(30),
    description: text(50),
    private: fc.boolean(),
    username: text(15),
    visibility: fc.constantFrom('public', 'private', 'limited'),
    id: fc.integer({ min: 1, max: 100_000 }),
    type: text(8),
    config: text(60).map((url) => ({ url })),
    events: fc.array(text(8), { maxLength: 4 }),
    active: fc.boolean(),
    name: text(12),
    url: text(40),
    auth: fc.constantFrom('token', 'basic', 'query'),
    default: fc.boolean(),
    tls: fc.constantFrom('checked', 'plain http', 'INSECURE (no certificate check)'),
  });
  const tables: Array<[string, Column[]]> = [
    ['issues', issueColumns],
    ['pull requests', prColumns],
    ['issues of every repository', crossRepoIssueColumns],
    ['repositories', repoColumns],
    ['organizations', orgColumns],
    ['webhooks', hookColumns],
    ['logins', loginColumns],
  ];
  const SGR = /\u001b\[[0-9;]*m/g;

  async function render(records: Row[], columns: Column[], total: number, color: boolean): Promise<string[]> {
    const { io, stdout } = testIO({ tty: true, color, columns: total, now: new Date('2026-01-01T00:00:00Z') });
    await printList(io, { kind: 'view' }, records, columns);
    return stdout.text().replace(/\n$/, '').split('\n');
  }

  it.each(tables)('a table of %s never has a line wider than the window', async (_what, columns) => {
    await fc.assert(
      fc.asyncProperty(fc.array(issue, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 160 }), fc.boolean(), async (records, total, color) => {
        const lines = await render(records, columns, total, color);
        expect(lines).toHaveLength(records.length + 1);
        for (const line of lines) expect(displayWidth(line.replace(SGR, '')), line).toBeLessThanOrEqual(total);
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    ['issues', issueColumns],
    ['pull requests', prColumns],
  ])('a table of %s keeps the number and the title from 20 columns up', async (_what, columns) => {
    await fc.assert(
      fc.asyncProperty(fc.array(issue, { minLength: 1, maxLength: 5 }), fc.integer({ min: 20, max: 160 }), async (records, total) => {
        const [header, ...rows] = await render(records, columns, total, false);
        // The number column may be cut to its narrowest, "NUMB…", but never the numbers in it.
        expect(header).toMatch(/^NUMB(ER|…) +TITLE/);
        const title = header?.indexOf('TITLE') ?? -1;
        rows.forEach((row, i) => {
          const record = records[i];
          expect(row, header).toMatch(new RegExp(`^${record?.number ?? ''}( |$)`));
          // The number column is plain digits, so the title starts at the same place below its header.
          // (Shown composed: a terminal cell is normalised to NFC.)
          const first = [...(record?.title ?? '').normalize('NFC')][0];
          if (first !== undefined && first.trim() !== '') expect(row.slice(title).startsWith(first), `${header}\n${row}`).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });
});
