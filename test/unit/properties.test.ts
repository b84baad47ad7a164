// Property-based tests: for any input fast-check can think of, URL handling,
// path-segment encoding, remote parsing, the Link header parser and field
// paths keep their promises.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateCommand } from '../../src/api/outcome.js';
import { parseLinkHeader } from '../../src/api/paginate.js';
import { apiRoot, buildUrl, encodeSegment, instanceRoot, p } from '../../src/api/url.js';
import { fullName, isSafeSegment, parseRemoteUrl, parseRepoArg } from '../../src/context/repo.js';
import { UsageError } from '../../src/errors.js';
import { getPath, pickFields } from '../../src/output/fields.js';

const RUNS = { numRuns: 300 };

/** Any string, including astral characters, lone surrogates and controls. */
const anyString = fc.string({ unit: 'binary', maxLength: 40 });
/** Names as Gitea allows them for owners and repositories. */
const safeName = fc
  .stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,19}$/)
  .filter((s) => isSafeSegment(s) && !s.toLowerCase().endsWith('.git'));
const pathSegment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,11}$/).filter((s) => s !== 'api');

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
        for (const url of [
          `https://${host}/${prefix}${tail}`,
          `http://${host}:3000/${prefix}${tail}/`,
          `ssh://git@${host}:2222/${tail}`,
          `git@${host}:${tail}`,
        ]) {
          expect(parseRemoteUrl(url)).toEqual(expected);
        }
      }),
      RUNS,
    );
  });

  it('parseRemoteUrl never throws and only yields safe names', () => {
    fc.assert(
      fc.property(anyString, (url) => {
        const parsed = parseRemoteUrl(url);
        if (parsed) {
          expect(isSafeSegment(parsed.owner)).toBe(true);
          expect(isSafeSegment(parsed.name)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('-R OWNER/NAME round-trips, and anything unsafe is a usage error', () => {
    fc.assert(
      fc.property(safeName, safeName, (owner, name) => {
        expect(fullName(parseRepoArg(`${owner}/${name}`))).toBe(`${owner}/${name}`);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(anyString, (value) => {
        try {
          const ref = parseRepoArg(value);
          expect(isSafeSegment(ref.owner) && isSafeSegment(ref.name)).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
        }
      }),
      RUNS,
    );
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
      fc.property(
        fc.uniqueArray(fc.tuple(rel, linkUrl, fc.boolean(), fc.boolean()), { selector: ([r]) => r, minLength: 1, maxLength: 4 }),
        (links) => {
          const header = links.map(([r, u, quoted, upper]) => `<${u}>;${quoted ? ' ' : ''}rel=${quoted ? `"${upper ? r.toUpperCase() : r}"` : r}`).join(', ');
          expect(parseLinkHeader(header)).toEqual(Object.fromEntries(links.map(([r, u]) => [r, u])));
        },
      ),
      RUNS,
    );
  });

  it('never throws on garbage', () => {
    fc.assert(
      fc.property(anyString, (header) => {
        const links = parseLinkHeader(header);
        for (const v of Object.values(links)) expect(typeof v).toBe('string');
      }),
      RUNS,
    );
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
