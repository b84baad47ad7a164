import { describe, expect, it } from 'vitest';
import { carriesSecretBody, echoHider, redactBody, redactHeader, redactRequestBody, redactUrl, redactUrlsIn } from '../../src/api/redact.js';
import { apiRoot, buildUrl, encodeSegment, hostOf, instanceRoot, p, queryString } from '../../src/api/url.js';
import { UsageError } from '../../src/errors.js';

function usageErrorOf(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return err as UsageError;
  }
  throw new Error('expected a UsageError, but nothing was thrown');
}

describe('apiRoot', () => {
  it.each([
    ['https://git.example.com', 'https://git.example.com/api/v1'],
    ['https://git.example.com/', 'https://git.example.com/api/v1'],
    ['https://git.example.com//', 'https://git.example.com/api/v1'],
    ['http://localhost:3000', 'http://localhost:3000/api/v1'],
    ['https://git.example.com:443', 'https://git.example.com/api/v1'],
    ['https://git.example.com:8443/', 'https://git.example.com:8443/api/v1'],
    ['https://Git.Example.COM', 'https://git.example.com/api/v1'],
    ['  https://git.example.com  ', 'https://git.example.com/api/v1'],
    // sub-path deployments
    ['https://example.com/forge', 'https://example.com/forge/api/v1'],
    ['https://example.com/forge/', 'https://example.com/forge/api/v1'],
    ['https://example.com/a/b/forge', 'https://example.com/a/b/forge/api/v1'],
    // already an API root
    ['https://git.example.com/api/v1', 'https://git.example.com/api/v1'],
    ['https://git.example.com/api/v1/', 'https://git.example.com/api/v1'],
    ['https://git.example.com/API/V1', 'https://git.example.com/api/v1'],
    ['https://example.com/forge/api/v1', 'https://example.com/forge/api/v1'],
    ['https://example.com/forge/api/v1/', 'https://example.com/forge/api/v1'],
    // a path that merely ends like the suffix is not the suffix
    ['https://example.com/myapi/v1', 'https://example.com/myapi/v1/api/v1'],
    // bare hosts are https
    ['git.example.com', 'https://git.example.com/api/v1'],
    ['git.example.com:3000', 'https://git.example.com:3000/api/v1'],
    ['localhost:3000', 'https://localhost:3000/api/v1'],
    ['example.com/forge', 'https://example.com/forge/api/v1'],
    ['git.example.com/api/v1/', 'https://git.example.com/api/v1'],
  ])('%s -> %s', (input, expected) => {
    expect(apiRoot(input)).toBe(expected);
  });

  it.each([
    ['ftp://example.com', 'invalid server URL: ftp: is not supported; use http:// or https://'],
    ['file:///etc/passwd', 'invalid server URL: file: is not supported; use http:// or https://'],
    ['', 'the server URL is empty'],
    ['   ', 'the server URL is empty'],
    ['https://', 'invalid server URL: https://'],
    ['https://exa mple.com', 'invalid server URL: https://exa mple.com'],
    ['https://git.example.com/?page=1', 'invalid server URL: remove the query or fragment from https://git.example.com/'],
    ['https://example.com/forge?x=1#top', 'invalid server URL: remove the query or fragment from https://example.com/forge'],
    ['https://git.example.com/#frag', 'invalid server URL: remove the query or fragment from https://git.example.com/'],
  ])('rejects %j', (input, message) => {
    const err = usageErrorOf(() => apiRoot(input));
    expect(err.message).toBe(message);
    expect(err.exitCode).toBe(2);
  });

  it.each(['https://alice:hunter2@git.example.com', 'https://alice@git.example.com', 'https://:hunter2@git.example.com', 'alice:hunter2@git.example.com'])(
    'rejects credentials in %s without echoing them',
    (input) => {
      const err = usageErrorOf(() => apiRoot(input));
      expect(err.message).toBe('the server URL must not contain credentials; pass --user/--password or --token instead');
      expect(err.message).not.toContain('hunter2');
    },
  );

  it('redacts credentials from an unparsable URL in its message', () => {
    const err = usageErrorOf(() => apiRoot('https://alice:hunter2@exa mple.com'));
    expect(err.message).toBe('invalid server URL: https://***@exa mple.com');
  });
});

describe('instanceRoot', () => {
  it.each([
    ['https://git.example.com/api/v1', 'https://git.example.com'],
    ['https://example.com/forge/api/v1', 'https://example.com/forge'],
    ['http://localhost:3000/api/v1', 'http://localhost:3000'],
    ['https://git.example.com', 'https://git.example.com'],
  ])('%s -> %s', (input, expected) => {
    expect(instanceRoot(input)).toBe(expected);
  });

  // The one place /api/v1 is taken off: any case, trailing slashes, a URL or a path alone.
  it.each([
    ['https://example.com/forge/API/V1', 'https://example.com/forge'],
    ['https://example.com/forge/api/v1/', 'https://example.com/forge'],
    ['https://example.com/forge/', 'https://example.com/forge'],
    ['https://example.com/api/v1/x', 'https://example.com/api/v1/x'],
    ['/forge/api/v1', '/forge'],
    ['/api/v1', ''],
    ['/', ''],
  ])('%s -> %s, whatever the spelling', (input, expected) => {
    expect(instanceRoot(input)).toBe(expected);
  });

  it.each(['https://git.example.com', 'https://example.com/forge', 'git.example.com:3000'])('undoes apiRoot for %s', (input) => {
    expect(apiRoot(instanceRoot(apiRoot(input)))).toBe(apiRoot(input));
  });
});

describe('hostOf', () => {
  it.each([
    ['https://git.example.com/api/v1', 'git.example.com'],
    ['http://localhost:3000/api/v1', 'localhost:3000'],
    ['https://git.example.com:443/api/v1', 'git.example.com'],
    ['http://git.example.com:80', 'git.example.com'],
    ['https://git.example.com:8443', 'git.example.com:8443'],
    ['https://alice:pw@git.example.com/x', 'git.example.com'],
    ['not a url', 'not a url'],
  ])('%s -> %s', (input, expected) => {
    expect(hostOf(input)).toBe(expected);
  });
});

describe('encodeSegment', () => {
  it.each<[string | number, string]>([
    ['octocat', 'octocat'],
    ['my-repo_1.0~x', 'my-repo_1.0~x'],
    [42, '42'],
    [0, '0'],
    ['...', '...'],
    ['.hidden', '.hidden'],
    ['/', '%2F'],
    ['a/b', 'a%2Fb'],
    ['../x', '..%2Fx'],
    ['\\', '%5C'],
    ['%', '%25'],
    ['%2E%2E', '%252E%252E'],
    ['?', '%3F'],
    ['#', '%23'],
    ['a b', 'a%20b'],
    ['a+b', 'a%2Bb'],
    ['a&b=c', 'a%26b%3Dc'],
    ['a;b:c@d', 'a%3Bb%3Ac%40d'],
    ['é', '%C3%A9'],
    ['日本', '%E6%97%A5%E6%9C%AC'],
    ['😀', '%F0%9F%98%80'],
    ["it's (a)*!", 'it%27s%20%28a%29%2A%21'],
  ])('%j -> %s', (input, expected) => {
    expect(encodeSegment(input)).toBe(expected);
  });

  // URL parsers resolve dot segments even when percent-encoded: refuse them.
  it.each(['.', '..', ''])('refuses %j', (input) => {
    expect(() => encodeSegment(input)).toThrow(UsageError);
  });
});

describe('p tagged template', () => {
  it.each([
    [p`/user`, '/user'],
    [p`/repos/${'octo'}/${'hello'}`, '/repos/octo/hello'],
    [p`/repos/${'o'}/${'r'}/issues/${7}`, '/repos/o/r/issues/7'],
    [p`/repos/${'a/b'}/${'..x'}/issues`, '/repos/a%2Fb/..x/issues'],
    [p`/users/${'a?b#c'}`, '/users/a%3Fb%23c'],
    [p`${'x y'}`, 'x%20y'],
    [p`${'a'}${'b'}`, 'ab'],
    [p`/orgs/${'é'}/repos`, '/orgs/%C3%A9/repos'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('buildUrl', () => {
  const ROOT = 'https://git.example.com/api/v1';
  const SUB = 'https://example.com/forge/api/v1';

  it.each<[string, string, Parameters<typeof buildUrl>[2], string]>([
    [ROOT, '/user', undefined, 'https://git.example.com/api/v1/user'],
    [ROOT, 'user', undefined, 'https://git.example.com/api/v1/user'],
    [SUB, '/repos/o/r', {}, 'https://example.com/forge/api/v1/repos/o/r'],
    [SUB, 'repos/o/r', {}, 'https://example.com/forge/api/v1/repos/o/r'],
    ['http://localhost:3000/api/v1', '/user/repos', { page: 2, limit: 50 }, 'http://localhost:3000/api/v1/user/repos?page=2&limit=50'],
    [ROOT, '/repos/o/r/issues', { labels: [1, 2], state: 'open' }, 'https://git.example.com/api/v1/repos/o/r/issues?labels=1&labels=2&state=open'],
    [ROOT, '/x', { a: ['p', 'q'], b: [] }, 'https://git.example.com/api/v1/x?a=p&a=q'],
    [ROOT, '/x', { a: undefined, b: null, c: 'kept' }, 'https://git.example.com/api/v1/x?c=kept'],
    [ROOT, '/x', { a: undefined, b: null }, 'https://git.example.com/api/v1/x'],
    [ROOT, '/x', { yes: true, no: false, zero: 0, empty: '' }, 'https://git.example.com/api/v1/x?yes=true&no=false&zero=0&empty='],
    [ROOT, '/x', { q: 'a b&c=d#e' }, 'https://git.example.com/api/v1/x?q=a+b%26c%3Dd%23e'],
    [ROOT, p`/repos/${'o'}/${'a?b'}`, { page: 1 }, 'https://git.example.com/api/v1/repos/o/a%3Fb?page=1'],
    [SUB, p`/users/${'日本'}`, {}, 'https://example.com/forge/api/v1/users/%E6%97%A5%E6%9C%AC'],
    // A query in the path: kept as written when nothing is added, written again as a whole when something is.
    [ROOT, '/x?y=a%20b', { a: undefined, b: [] }, 'https://git.example.com/api/v1/x?y=a%20b'],
    [ROOT, '/x?y=a%20b&z=1', { z: 2, w: [3, 4] }, 'https://git.example.com/api/v1/x?y=a+b&z=2&w=3&w=4'],
    [ROOT, '/x?', {}, 'https://git.example.com/api/v1/x?'],
  ])('%s + %s + %j', (root, path, query, expected) => {
    expect(buildUrl(root, path, query).href).toBe(expected);
  });

  it('keeps a sub-path root when the path starts with a slash', () => {
    const url = buildUrl(SUB, '/user');
    expect(url.pathname).toBe('/forge/api/v1/user');
  });

  // encodeSegment promises that `.`/`..` can never reach another endpoint; the
  // WHATWG URL parser treats %2E and %2E%2E as dot segments, so a built URL must
  // still hold the value in its own segment (or the value must be refused).
  it.each(['..', '.'])('a %j segment stays in its position in the built URL', (segment) => {
    let url: URL;
    try {
      url = buildUrl(ROOT, p`/repos/${'o'}/${segment}/issues`);
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      return;
    }
    expect(url.pathname).toMatch(/^\/api\/v1\/repos\/o\/[^/]+\/issues$/);
  });
});

describe('redactUrl', () => {
  it.each<[string | URL, string]>([
    ['https://h.example/api/v1/user?token=abc123', 'https://h.example/api/v1/user?token=REDACTED'],
    ['https://h.example/api/v1/user?access_token=abc123', 'https://h.example/api/v1/user?access_token=REDACTED'],
    ['https://h.example/api/v1/user?Token=abc123', 'https://h.example/api/v1/user?Token=REDACTED'],
    ['https://h.example/x?page=2&token=abc123&limit=50', 'https://h.example/x?page=2&token=REDACTED&limit=50'],
    ['https://h.example/x?token=one&token=two', 'https://h.example/x?token=REDACTED&token=REDACTED'],
    ['https://h.example/x?password=pw&secret=s', 'https://h.example/x?password=REDACTED&secret=REDACTED'],
    ['https://h.example/x?page=2&limit=50', 'https://h.example/x?page=2&limit=50'],
    ['https://h.example/x?tokens=keep&my_token=keep', 'https://h.example/x?tokens=keep&my_token=keep'],
    ['https://alice:hunter2@h.example/api/v1/user', 'https://***@h.example/api/v1/user'],
    ['https://alice@h.example/api/v1/user', 'https://***@h.example/api/v1/user'],
    ['https://alice:hunter2@h.example/x?token=abc123', 'https://***@h.example/x?token=REDACTED'],
    [new URL('https://h.example/x?token=abc123'), 'https://h.example/x?token=REDACTED'],
    // A parameter's name spelled with escapes is the same parameter to the server.
    ['https://h.example/x?%74oken=abc123&acc%65ss_token=abc123', 'https://h.example/x?%74oken=REDACTED&acc%65ss_token=REDACTED'],
    ['https://abc123@git.example.com/bob/cup.git', 'https://***@git.example.com/bob/cup.git'],
    ['https://git.example.com/bob/cup.git?access_token=abc123', 'https://git.example.com/bob/cup.git?access_token=REDACTED'],
    // Values that do not parse: everything up to the last @ may be credentials.
    ['http://alice:abc123/x@proxy.example:3128', 'http://***@proxy.example:3128'],
    ['https://alice:hunter2@exa mple.com', 'https://***@exa mple.com'],
    ['h.example', 'h.example'],
  ])('%s -> %s', (input, expected) => {
    const out = redactUrl(input);
    expect(out).toBe(expected);
    expect(out).not.toMatch(/abc123|hunter2|alice/);
  });

  it('does not change the URL object it was given', () => {
    const url = new URL('https://alice:pw@h.example/x?token=abc');
    redactUrl(url);
    expect(url.href).toBe('https://alice:pw@h.example/x?token=abc');
  });
});

describe('redactUrlsIn', () => {
  it.each([
    [
      "Migration failed: unable to access 'https://abc123@gone.invalid/b.git?access_token=abc123': no host",
      "Migration failed: unable to access 'https://***@gone.invalid/b.git?access_token=REDACTED': no host",
    ],
    ['<https://h.example/api/v1/x?page=2&token=abc123>; rel="next"', '<https://h.example/api/v1/x?page=2&token=REDACTED>; rel="next"'],
    ['/api/v1/x?access_token=abc123', '/api/v1/x?access_token=REDACTED'],
    // What is not a URL's credential stays: an e-mail address, git's user@host:path.
    ['mail bob@example.com about git@example.com:a/b.git', 'mail bob@example.com about git@example.com:a/b.git'],
  ])('%s', (text, shown) => {
    expect(redactUrlsIn(text)).toBe(shown);
  });

  it("leaves git's user@host:path as it is when given as a URL", () => {
    expect(redactUrl('git@example.com:alice/teapot.git')).toBe('git@example.com:alice/teapot.git');
  });
});

describe('echoHider', () => {
  it.each<[string, unknown, string, string]>([
    ['/api/v1/repos/a/b/actions/secrets/X', { data: 'hunter2' }, 'invalid body {"data":"hunter2"}', 'invalid body {"data":"***"}'],
    ['/api/v1/repos/a/b/actions/secrets/X/', '{"data":"q\\"uote"}', 'bad: {"data":"q\\"uote"}', 'bad: {"data":"***"}'],
    ['/api/v1/repos/a/b/actions/secrets/X', 'raw value', 'could not read raw value', 'could not read ***'],
    ['/api/v1/repos/a/b/hooks', { config: { url: 'https://ci.example.com', secret: 'hush-hush' } }, 'hook hush-hush at https://ci.example.com', 'hook *** at https://ci.example.com'],
    ['/api/v1/repos/migrate', { clone_addr: 'https://h/x', auth_username: 'tok-abc123' }, 'cannot clone as tok-abc123', 'cannot clone as ***'],
    // A user name beside a password is a name.
    ['/api/v1/repos/migrate', { auth_username: 'bob', auth_password: 'pw-abc123' }, 'bob cannot log in with pw-abc123', 'bob cannot log in with ***'],
    ['/api/v1/repos/a/b/actions/variables/X', { value: 'eu' }, 'variable eu exists', 'variable eu exists'],
    // A form (an OAuth2 grant), as --dry-run shows it.
    [
      '/login/oauth/access_token',
      'grant_type=refresh_token&refresh_token=rt-abc123&client_id=c1',
      'grant_type=refresh_token&refresh_token=rt-abc123&client_id=c1',
      'grant_type=refresh_token&refresh_token=***&client_id=c1',
    ],
    ['/login/oauth/access_token', 'grant_type=authorization_code&code=c-abc123&code_verifier=v-xyz789&client_id=c1', 'code=c-abc123&code_verifier=v-xyz789', 'code=***&code_verifier=***'],
  ])('%s %j', (path, body, message, shown) => {
    expect(echoHider({ path, body })(message)).toBe(shown);
  });

  it("hides the client's own token, and a URL's credentials whatever the request", () => {
    expect(echoHider({ path: '/api/v1/user', credentials: ['tok-abc123'] })('token tok-abc123 is expired; see https://u:p@h/x')).toBe('token *** is expired; see https://***@h/x');
  });
});

describe('carriesSecretBody: the path as the servers route it', () => {
  it.each([
    ['/api/v1/repos/a/b/actions/secrets/X', true],
    ['/api/v1/repos/a/b/actions/secrets/X/', true],
    ['/api/v1/repos/a/b//actions//secrets//X//', true],
    ['/api/v1/repos/a/b/actions/%73ecrets/X', true],
    ['/api/v1/repos/a/b/actions/%2573ecrets/X', true],
    ['/api/v1/repos/a/b/Actions/Secrets/X', true],
    ['/api/v1/repos/a/b/actions/secrets/X?page=1', true],
    ['/api/v1/orgs/acme/actions/secrets/X', true],
    ['/api/v1/repos/a/b/actions/secrets', false],
    ['/api/v1/repos/a/b/actions/variables/X', false],
  ])('%s → %s', (path, carries) => {
    expect(carriesSecretBody(path)).toBe(carries);
  });
});

describe('redactHeader and redactBody', () => {
  it.each([
    ['Authorization', 'token abc123', 'token REDACTED'],
    ['X-GITEA-OTP', '123456', 'REDACTED'],
    ['X-FORGEJO-OTP', '123456', 'REDACTED'],
    ['Accept', 'application/json', 'application/json'],
  ])('header %s: %s → %s', (name, value, shown) => {
    expect(redactHeader(name, value)).toBe(shown);
  });

  it('hides a hook secret and an authorization header in a body, keeping the rest', () => {
    const body = JSON.stringify({ type: 'gitea', authorization_header: 'Bearer s3cr3t', config: { url: 'https://ci.example.com', secret: 'hush' } });
    const shown = redactBody(body);
    expect(shown).not.toContain('s3cr3t');
    expect(shown).not.toContain('hush');
    expect(JSON.parse(shown)).toEqual({ type: 'gitea', authorization_header: 'REDACTED', config: { url: 'https://ci.example.com', secret: 'REDACTED' } });
  });
});

describe('redactRequestBody', () => {
  it.each([
    ['/api/v1/repos/alice/teapot/actions/secrets/TOKEN', '{"data":"hunter2"}', '(18 bytes, an Actions secret: not shown)'],
    ['/api/v1/orgs/acme/actions/secrets/TOKEN', '{"data":"hunter2"}', '(18 bytes, an Actions secret: not shown)'],
    ['/api/v1/user/actions/secrets/TOKEN', 'hunter2', '(7 bytes, an Actions secret: not shown)'],
    ['/api/v1/repos/alice/teapot/actions/variables/REGION', '{"value":"eu"}', '{"value":"eu"}'],
    ['/api/v1/repos/alice/teapot/hooks', '{"config":{"secret":"s"}}', '{"config":{"secret":"REDACTED"}}'],
  ])('%s', (path, body, shown) => {
    expect(redactRequestBody(path, body)).toBe(shown);
  });
});

describe('a query written as URLSearchParams writes it (queryString, buildUrl)', () => {
  // Every byte class a form's encoding treats apart: letters, digits, `*-._`,
  // a space, `+&=?#%/`, what encodeURIComponent keeps and a form does not
  // (`!'()~`), controls, é, an emoji, a lone surrogate (U+FFFD), and empty.
  const values = ['plain', 'a b', 'a+b', 'x&y=z', '?#%/', "!'()~*-._", '\u0000\n\t', 'é', '\u{1f600}', 'bad\ud800half', '', '50%', 'label one,label two'];
  /** The long way: set on URLSearchParams one by one, as buildUrl did before. */
  const longWay = (query: Record<string, string | number | (string | number)[] | undefined | null>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
      else params.set(key, String(value));
    }
    return params.toString();
  };

  it.each(values)('value %j', (value) => {
    const query = { q: value, [value === '' ? 'empty' : value]: 'v', n: 3 };
    expect(queryString(query)).toBe(longWay(query));
    const url = buildUrl('https://git.example.com/forge/api/v1', '/repos/o/r/issues', query);
    expect(url.search.slice(1)).toBe(longWay(query));
    expect([...url.searchParams]).toEqual([...new URLSearchParams(longWay(query))]);
  });

  it('lists repeat their name; undefined, null and empty lists are left out; the order is the given one', () => {
    const query = { state: 'open', labels: ['a', 'b c'], none: undefined, nil: null, empty: [], page: 2, limit: 30 };
    expect(queryString(query)).toBe('state=open&labels=a&labels=b+c&page=2&limit=30');
    expect(buildUrl('https://git.example.com/api/v1', 'repos/o/r/issues', query).href).toBe('https://git.example.com/api/v1/repos/o/r/issues?state=open&labels=a&labels=b+c&page=2&limit=30');
    expect(buildUrl('https://git.example.com/api/v1', '/user', {}).href).toBe('https://git.example.com/api/v1/user');
  });

  it('a path with a query of its own keeps it, the parameters set over it (kettle api -F on a path with a query)', () => {
    expect(buildUrl('https://git.example.com/api/v1', '/repos/o/r/issues?state=closed&x=1', { state: 'open', page: 2 }).search).toBe('?state=open&x=1&page=2');
  });
});
