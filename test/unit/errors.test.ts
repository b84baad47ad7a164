import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  CancelledError,
  combinedExitCode,
  ExitCode,
  type FieldError,
  KettleError,
  NetworkError,
  report,
  SeveralFailed,
  UsageError,
  exitCodeFor,
  formatError,
  formatFieldError,
  oneLine,
} from '../../src/errors.js';

function apiError(status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}): ApiError {
  return new ApiError({ message: `failed (HTTP ${status})`, method: 'GET', path: '/x', status, ...extra });
}

describe('exitCodeFor', () => {
  it.each<[string, unknown, number]>([
    ['UsageError', new UsageError('bad'), 2],
    ['AuthError', new AuthError('no login'), 4],
    ['NetworkError', new NetworkError('refused'), 1],
    ['CancelledError', new CancelledError(), 130],
    ['CancelledError (SIGTERM)', new CancelledError('terminated', ExitCode.terminated), 143],
    ['KettleError', new KettleError('x'), 1],
    ['KettleError with a code', new KettleError('x', 7), 7],
    ['ApiError 400', apiError(400), 1],
    ['ApiError 401', apiError(401), 4],
    ['ApiError 403', apiError(403), 1],
    ['ApiError 404', apiError(404), 1],
    ['ApiError 422', apiError(422), 1],
    ['ApiError 500', apiError(500), 1],
    ['Error', new Error('bug'), 1],
    ['TypeError', new TypeError('bug'), 1],
    ['a string', 'thrown string', 1],
    ['undefined', undefined, 1],
    ['null', null, 1],
  ])('%s -> %i', (_name, err, code) => {
    expect(exitCodeFor(err)).toBe(code);
  });

  it('has the documented codes', () => {
    expect(ExitCode).toEqual({ ok: 0, failure: 1, usage: 2, auth: 4, pending: 8, interrupted: 130, terminated: 143 });
  });

  it.each([
    [new UsageError('x'), 'UsageError'],
    [new AuthError('x'), 'AuthError'],
    [new CancelledError(), 'CancelledError'],
    [apiError(404), 'ApiError'],
  ])('names %s', (err, name) => {
    expect(err.name).toBe(name);
    expect(err).toBeInstanceOf(KettleError);
    expect(err).toBeInstanceOf(Error);
  });
});

describe('combinedExitCode: one rule for a command that tried several things (numbers, servers)', () => {
  it.each<[string, number[], number, number]>([
    ['nothing failed', [], 3, 0],
    ['one of three failed', [1], 3, 1],
    ['one of three refused the credentials, the others worked: 1, as any partial failure', [4], 3, 1],
    ['every one refused the credentials: 4, as any 401', [4, 4, 4], 3, 4],
    ['every one failed, in different ways', [4, 1], 2, 1],
    ['a code of 0 among the failures still fails', [0, 0], 2, 1],
  ])('%s', (_what, codes, attempted, expected) => {
    expect(combinedExitCode(codes, attempted)).toBe(expected);
  });

  it('is what several numbers at once end with', () => {
    const refused = () => apiError(401);
    expect(report(new SeveralFailed('1 of 2 failed: #7', [refused()], 2), { debug: false }).code).toBe(1);
    expect(report(new SeveralFailed('2 of 2 failed: #6, #7', [refused(), refused()], 2), { debug: false }).code).toBe(4);
  });
});

describe('formatFieldError', () => {
  it.each<[FieldError, string]>([
    [{ resource: 'Repository', field: 'name', code: 'invalid' }, '  name: invalid'],
    [{ resource: 'Issue', field: 'title', code: 'missing_field' }, '  title: missing_field'],
    [{ field: 'title', code: 'missing_field', message: 'title is required' }, '  title: title is required'],
    [{ resource: 'Repository', code: 'invalid' }, '  Repository: invalid'],
    [{ field: 'name' }, '  name: invalid'],
    [{}, '  field: invalid'],
  ])('%j -> %j', (fe, expected) => {
    expect(formatFieldError(fe)).toBe(expected);
  });
});

describe('oneLine', () => {
  it.each([
    ['a', 'a'],
    ['  a\n\tb  ', 'a b'],
    ['a\r\n\r\nb   c', 'a b c'],
    ['', ''],
  ])('%j -> %j', (text, expected) => {
    expect(oneLine(text)).toBe(expected);
  });
});

describe('formatError', () => {
  it.each<[string, unknown, boolean, string[]]>([
    ['a usage error', new UsageError('missing --title'), false, ['kettle: missing --title']],
    ['a usage error under --debug (no stack)', new UsageError('missing --title'), true, ['kettle: missing --title']],
    ['a usage error with details', new UsageError('bad\nvalue', ['  try --state open']), false, ['kettle: bad value', '  try --state open']],
    [
      'an auth error with a hint',
      new AuthError('no login configured', ['  run: kettle login add --url URL --token TOKEN']),
      false,
      ['kettle: no login configured', '  run: kettle login add --url URL --token TOKEN'],
    ],
    [
      'a 422 with field errors',
      apiError(422, {
        message: 'Validation Failed (HTTP 422)',
        fieldErrors: [
          { resource: 'Repository', field: 'name', code: 'invalid' },
          { resource: 'Repository', field: 'description', code: 'too_long' },
        ],
      }),
      false,
      ['kettle: Validation Failed (HTTP 422)', '  name: invalid', '  description: too_long'],
    ],
    ['an unexpected error', new Error('boom\n  at somewhere'), false, ['kettle: unexpected error: boom at somewhere', '  (run again with --debug for details)']],
    ['a thrown string', 'oops', false, ['kettle: unexpected error: oops', '  (run again with --debug for details)']],
    ['a thrown undefined', undefined, false, ['kettle: unexpected error: undefined', '  (run again with --debug for details)']],
  ])('%s', (_name, err, debug, expected) => {
    const lines = formatError(err, debug);
    expect(lines).toEqual(expected);
    for (const line of lines) expect(line).not.toContain('\n');
  });

  it('adds the stack of an unexpected error only with --debug', () => {
    const err = new TypeError("Cannot read properties of undefined (reading 'login')");
    const lines = formatError(err, true);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("kettle: unexpected error: Cannot read properties of undefined (reading 'login')");
    expect(lines[1]).toBe(err.stack);
    expect(lines[1]).toContain('TypeError');
    expect(formatError(err, false).join('\n')).not.toContain(' at ');
  });

  it('adds the stack of a non-usage KettleError with --debug', () => {
    const err = new NetworkError('connection refused', ['  is the server running?']);
    expect(formatError(err, false)).toEqual(['kettle: connection refused', '  is the server running?']);
    expect(formatError(err, true)).toEqual(['kettle: connection refused', '  is the server running?', err.stack]);
  });
});

describe('ApiError', () => {
  const fieldErrors: FieldError[] = [{ resource: 'Repository', field: 'name', code: 'invalid' }];
  const base = new ApiError({
    message: 'Validation Failed (HTTP 422)',
    method: 'POST',
    path: '/user/repos',
    status: 422,
    serverMessage: 'Validation Failed',
    fieldErrors,
    details: ['  names are short'],
  });

  it('puts field errors before other details', () => {
    expect(base.details).toEqual(['  name: invalid', '  names are short']);
    expect(base.exitCode).toBe(1);
  });

  it('defaults to no field errors and no details', () => {
    const err = apiError(404);
    expect(err.fieldErrors).toEqual([]);
    expect(err.details).toEqual([]);
    expect(err.serverMessage).toBeUndefined();
  });

  it('withMessage keeps status, request, server message and field errors', () => {
    const err = base.withMessage('could not create repository "bad name"', ['  try another name']);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBe(base);
    expect(err.message).toBe('could not create repository "bad name"');
    expect(err.method).toBe('POST');
    expect(err.path).toBe('/user/repos');
    expect(err.status).toBe(422);
    expect(err.serverMessage).toBe('Validation Failed');
    expect(err.fieldErrors).toEqual(fieldErrors);
    expect(err.details).toEqual(['  name: invalid', '  names are short', '  try another name']);
    expect(err.exitCode).toBe(1);
    expect(formatError(err, false)).toEqual(['kettle: could not create repository "bad name"', '  name: invalid', '  names are short', '  try another name']);
  });

  it('withMessage leaves the original alone and does not repeat details when chained', () => {
    const once = base.withMessage('first');
    const twice = once.withMessage('second', ['  extra']);
    expect(base.message).toBe('Validation Failed (HTTP 422)');
    expect(base.details).toEqual(['  name: invalid', '  names are short']);
    expect(once.details).toEqual(['  name: invalid', '  names are short']);
    expect(twice.details).toEqual(['  name: invalid', '  names are short', '  extra']);
  });

  it('withMessage on a 401 keeps the auth exit code', () => {
    const err = apiError(401, { serverMessage: 'token is required' }).withMessage('the token was rejected');
    expect(err.status).toBe(401);
    expect(err.exitCode).toBe(4);
    expect(err.serverMessage).toBe('token is required');
    expect(exitCodeFor(err)).toBe(4);
  });

  it('withMessage without a server message keeps it undefined', () => {
    const err = apiError(404).withMessage('repository o/r not found');
    expect(err.serverMessage).toBeUndefined();
    expect(err.status).toBe(404);
    expect(err.details).toEqual([]);
  });
});

describe('report: what is known of a change, from the error’s typed fields', () => {
  it('a change whose answer was lost names the command that shows its state, after the message', () => {
    const lost = new NetworkError('POST /repos/alice/teapot/issues: the connection was reset');
    lost.uncertainPath = '/repos/alice/teapot/issues';
    expect(report(lost, { debug: false }).lines[0]).toBe(
      'kettle: POST /repos/alice/teapot/issues: the connection was reset; the outcome is unknown: check with `kettle issue list -R alice/teapot --state all` before trying again',
    );
    // Said where the lines are made: the error itself is left as it was.
    expect(lost.message).toBe('POST /repos/alice/teapot/issues: the connection was reset');
  });

  it('a 2xx to a change whose answer could not be used says it was made; a read says nothing more', () => {
    const made = apiError(201, { method: 'POST', path: '/repos/alice/teapot/hooks', message: 'the answer is not JSON' });
    expect(report(made, { debug: false }).lines[0]).toBe(
      'kettle: the answer is not JSON; the server made the change (HTTP 201): check with `kettle hook list -R alice/teapot` rather than trying again',
    );
    expect(report(apiError(200, { message: 'the answer is not JSON' }), { debug: false }).lines[0]).toBe('kettle: the answer is not JSON');
  });

  it('goes by the fields, not the words: a message that reads like the clause gains nothing, one without it still gains it', () => {
    const worded = new KettleError('x; the outcome is unknown: check with `kettle api /y` before trying again');
    expect(report(worded, { debug: false }).lines[0]).toBe(`kettle: ${worded.message}`);
    const refused = apiError(401, { method: 'POST', path: '/repos/a/b/issues', message: 'bad token' });
    refused.uncertainPath = '/repos/a/b/issues';
    expect(report(refused, { debug: false, authHint: ['  log in again'] }).lines).toEqual([
      'kettle: authentication failed: bad token; the outcome is unknown: check with `kettle issue list -R a/b --state all` before trying again',
      '  log in again',
    ]);
  });
});
