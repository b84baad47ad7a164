import { describe, expect, it } from 'vitest';
import { type RawResponse, createdAt, decodeSuccess, errorFromResponse, expectList, expectRecord, looksLikeHtml, statusLabel, updatedAt } from '../../src/api/response.js';
import { ApiError, type FieldError } from '../../src/errors.js';

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected an ApiError, but nothing was thrown');
}

function raw(status: number, text: string, contentType?: string, method = 'GET', path = '/repos/o/r'): RawResponse {
  return { method, path, status, contentType, text };
}

const JSON_TYPE = 'application/json;charset=utf-8';

interface ErrorCase {
  name: string;
  response: RawResponse;
  message: string;
  serverMessage?: string;
  fieldErrors?: FieldError[];
  details?: string[];
  exitCode: number;
}

const errorCases: ErrorCase[] = [
  {
    name: '404 with message and url',
    response: raw(404, '{"message":"The target couldn\'t be found.","url":"https://h.example/api/swagger"}', JSON_TYPE),
    message: "The target couldn't be found. (HTTP 404)",
    serverMessage: "The target couldn't be found.",
    exitCode: 1,
  },
  {
    name: '401 with message',
    response: raw(401, '{"message":"token is required"}', JSON_TYPE, 'GET', '/user'),
    message: 'token is required (HTTP 401)',
    serverMessage: 'token is required',
    exitCode: 4,
  },
  {
    name: '400 with message and url',
    response: raw(400, '{"message":"page must be positive","url":"https://h.example/api/v1"}', JSON_TYPE),
    message: 'page must be positive (HTTP 400)',
    serverMessage: 'page must be positive',
    exitCode: 1,
  },
  {
    name: '422 with errors',
    response: raw(422, '{"message":"Validation Failed","errors":[{"resource":"Repository","field":"name","code":"invalid"}]}', JSON_TYPE, 'POST', '/user/repos'),
    message: 'Validation Failed (HTTP 422)',
    serverMessage: 'Validation Failed',
    fieldErrors: [{ resource: 'Repository', field: 'name', code: 'invalid' }],
    details: ['  name: invalid'],
    exitCode: 1,
  },
  {
    name: '422 with several errors, some malformed',
    response: raw(
      422,
      JSON.stringify({
        message: 'Validation Failed',
        errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }, null, 'nonsense', { field: 5, code: 'invalid', resource: 'Issue' }],
      }),
      JSON_TYPE,
      'POST',
      '/repos/o/r/issues',
    ),
    message: 'Validation Failed (HTTP 422)',
    serverMessage: 'Validation Failed',
    fieldErrors: [
      { resource: 'Issue', field: 'title', code: 'missing_field' },
      { resource: 'Issue', code: 'invalid' },
    ],
    details: ['  title: missing_field', '  Issue: invalid'],
    exitCode: 1,
  },
  {
    name: '422 without errors (as real servers send)',
    response: raw(422, '{"message":"[Name]: Required","url":"https://h.example/api/swagger"}', JSON_TYPE, 'POST', '/user/repos'),
    message: '[Name]: Required (HTTP 422)',
    serverMessage: '[Name]: Required',
    exitCode: 1,
  },
  {
    name: '422 whose errors is not a list',
    response: raw(422, '{"message":"bad","errors":"name is invalid"}', JSON_TYPE),
    message: 'bad (HTTP 422)',
    serverMessage: 'bad',
    exitCode: 1,
  },
  {
    name: 'a multi-line server message',
    response: raw(500, '{"message":"  first line\\n\\tsecond line\\r\\n  "}', JSON_TYPE),
    message: 'first line second line (HTTP 500)',
    serverMessage: 'first line second line',
    exitCode: 1,
  },
  {
    name: 'a JSON object without message',
    response: raw(404, '{"url":"https://h.example/api/swagger"}', JSON_TYPE),
    message: 'the server answered 404 Not Found to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'a blank message',
    response: raw(403, '{"message":"   "}', JSON_TYPE, 'DELETE', '/repos/o/r'),
    message: 'the server answered 403 Forbidden to DELETE /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'a non-string message',
    response: raw(409, '{"message":{"text":"x"}}', JSON_TYPE, 'POST', '/orgs'),
    message: 'the server answered 409 Conflict to POST /orgs',
    exitCode: 1,
  },
  {
    name: 'a JSON list body',
    response: raw(400, '["nope"]', JSON_TYPE),
    message: 'the server answered 400 Bad Request to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'a JSON null body',
    response: raw(500, 'null', JSON_TYPE),
    message: 'the server answered 500 Internal Server Error to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'an HTML proxy page with a title',
    response: raw(
      502,
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body>\r\n</html>\r\n',
      'text/html',
      'GET',
      '/user',
    ),
    message: 'the server answered 502 Bad Gateway with an HTML page ("502 Bad Gateway") to GET /user',
    exitCode: 1,
  },
  {
    name: 'an HTML page without a content type, title spread over lines',
    response: raw(503, '<!DOCTYPE html>\n<html><head><title>\n  Service\n  Unavailable  </title></head></html>', undefined),
    message: 'the server answered 503 Service Unavailable with an HTML page ("Service Unavailable") to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'an HTML page without a title',
    response: raw(504, '<html><body>Gateway Timeout</body></html>', 'text/html; charset=utf-8'),
    message: 'the server answered 504 Gateway Timeout with an HTML page to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'a 401 HTML login page',
    response: raw(401, '<html><head><title>Sign in</title></head></html>', 'text/html', 'GET', '/user'),
    message: 'the server answered 401 Unauthorized with an HTML page ("Sign in") to GET /user',
    exitCode: 4,
  },
  {
    name: 'an empty body',
    response: raw(503, '', undefined, 'DELETE', '/repos/o/r'),
    message: 'the server answered 503 Service Unavailable with an empty body to DELETE /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'a blank body on 401',
    response: raw(401, ' \r\n ', JSON_TYPE, 'GET', '/user'),
    message: 'the server answered 401 Unauthorized with an empty body to GET /user',
    exitCode: 4,
  },
  {
    name: 'truncated JSON',
    response: raw(404, '{"message":"The target couldn\'t be fo', JSON_TYPE),
    message: 'the server answered 404 Not Found with a body that is not valid JSON (truncated or malformed) to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'plain text',
    response: raw(500, 'Internal Server Error\nsomething broke', 'text/plain'),
    message: 'the server answered 500 Internal Server Error with a body that is not valid JSON (truncated or malformed) to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'a non-standard status with an empty body',
    response: raw(599, '', undefined),
    message: 'the server answered 599 with an empty body to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: 'a non-standard status with a JSON body without message',
    response: raw(599, '{}', JSON_TYPE),
    message: 'the server answered 599 to GET /repos/o/r',
    exitCode: 1,
  },
  {
    name: '429 with a message',
    response: raw(429, '{"message":"rate limit exceeded"}', JSON_TYPE),
    message: 'rate limit exceeded (HTTP 429)',
    serverMessage: 'rate limit exceeded',
    exitCode: 1,
  },
];

describe('errorFromResponse', () => {
  it.each(errorCases)('$name', ({ response, message, serverMessage, fieldErrors = [], details = [], exitCode }) => {
    const err = errorFromResponse(response);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(message);
    expect(err.message).not.toMatch(/[\r\n\t]/);
    expect(err.status).toBe(response.status);
    expect(err.method).toBe(response.method);
    expect(err.path).toBe(response.path);
    expect(err.serverMessage).toBe(serverMessage);
    expect(err.fieldErrors).toEqual(fieldErrors);
    expect(err.details).toEqual(details);
    expect(err.exitCode).toBe(exitCode);
  });
});

describe('decodeSuccess', () => {
  it.each<[string, unknown]>([
    ['', undefined],
    ['  \r\n', undefined],
    ['{"id":1,"login":"alice"}', { id: 1, login: 'alice' }],
    ['[{"id":1},{"id":2}]', [{ id: 1 }, { id: 2 }]],
    ['[]', []],
    ['null', null],
    ['42', 42],
    ['"text"', 'text'],
  ])('%j', (text, expected) => {
    expect(decodeSuccess(raw(200, text, JSON_TYPE))).toEqual(expected);
  });

  it.each([
    [
      raw(200, '<!DOCTYPE html><html><head><title>Sign In - Gitea</title></head></html>', 'text/html', 'GET', '/user'),
      'expected JSON from GET /user but the server answered 200 OK with an HTML page ("Sign In - Gitea")',
    ],
    [raw(200, '[{"id":1},{"id"', JSON_TYPE, 'GET', '/user/repos'), 'expected JSON from GET /user/repos but the server answered 200 OK with a body that is not valid JSON (truncated or malformed)'],
    [raw(201, 'Created', 'text/plain', 'POST', '/orgs'), 'expected JSON from POST /orgs but the server answered 201 Created with a body that is not valid JSON (truncated or malformed)'],
  ])('rejects %j', (response, message) => {
    const err = thrown(() => decodeSuccess(response));
    expect(err.message).toBe(message);
    expect(err.status).toBe(response.status);
    expect(err.method).toBe(response.method);
    expect(err.path).toBe(response.path);
    expect(err.exitCode).toBe(1);
    expect(err.fieldErrors).toEqual([]);
  });
});

describe('expectRecord / expectList', () => {
  it('returns a record as is', () => {
    const rec = { id: 1 };
    expect(expectRecord(rec, 'GET', '/user')).toBe(rec);
  });

  it('returns a list as is', () => {
    const list = [{ id: 1 }];
    expect(expectList(list, 'GET', '/user/repos')).toBe(list);
  });

  it.each<[unknown, string]>([
    [[], 'a list'],
    [[{ id: 1 }], 'a list'],
    [null, 'null'],
    [undefined, 'an empty body'],
    ['text', 'a string'],
    [5, 'a number'],
    [true, 'a boolean'],
  ])('expectRecord(%j) fails with %s', (data, shape) => {
    const err = thrown(() => expectRecord(data, 'GET', '/user'));
    expect(err.message).toBe(`expected a JSON object from GET /user but the server answered 200 OK with ${shape}`);
    expect(err.status).toBe(200);
  });

  it.each<[unknown, string]>([
    [{}, 'an object'],
    [{ items: [] }, 'an object'],
    [null, 'null'],
    [undefined, 'an empty body'],
    ['text', 'a string'],
    [0, 'a number'],
  ])('expectList(%j) fails with %s', (data, shape) => {
    const err = thrown(() => expectList(data, 'GET', '/user/repos'));
    expect(err.message).toBe(`expected a JSON list from GET /user/repos but the server answered 200 OK with ${shape}`);
    expect(err.status).toBe(200);
  });

  it('names the status it was given and carries it', () => {
    const err = thrown(() => expectRecord(undefined, 'POST', '/orgs', 201));
    expect(err.message).toBe('expected a JSON object from POST /orgs but the server answered 201 Created with an empty body');
    expect(err.status).toBe(201);
    expect(err.method).toBe('POST');
    expect(err.path).toBe('/orgs');
    expect(err.exitCode).toBe(1);
  });

  it('labels a known status in expectList', () => {
    const err = thrown(() => expectList({}, 'GET', '/x', 404));
    expect(err.message).toBe('expected a JSON list from GET /x but the server answered 404 Not Found with an object');
    expect(err.status).toBe(404);
  });
});

describe('statusLabel', () => {
  it.each([
    [200, '200 OK'],
    [201, '201 Created'],
    [400, '400 Bad Request'],
    [401, '401 Unauthorized'],
    [404, '404 Not Found'],
    [422, '422 Unprocessable Entity'],
    [429, '429 Too Many Requests'],
    [502, '502 Bad Gateway'],
    [418, "418 I'm a Teapot"],
    [501, '501 Not Implemented'],
    [599, '599'],
  ])('%i -> %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});

describe('createdAt and updatedAt', () => {
  it.each<[Record<string, unknown>, unknown, unknown]>([
    [{ created_at: '2024-01-01T00:00:00Z', updated_at: '2024-02-01T00:00:00Z' }, '2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z'],
    [{ created: '2023-01-01T00:00:00Z', updated: '2023-02-01T00:00:00Z' }, '2023-01-01T00:00:00Z', '2023-02-01T00:00:00Z'],
    // The name the API description gives wins when a server sends both.
    [{ created_at: 'a', created: 'b', updated_at: 'c', updated: 'd' }, 'a', 'c'],
    [{ created_at: null, created: 'b', updated_at: null, updated: 'd' }, 'b', 'd'],
    [{}, undefined, undefined],
  ])('%j -> %j, %j', (record, created, updated) => {
    expect(createdAt(record)).toBe(created);
    expect(updatedAt(record)).toBe(updated);
  });
});

describe('looksLikeHtml', () => {
  it.each<[string | undefined, string, boolean]>([
    ['text/html', '', true],
    ['TEXT/HTML; charset=utf-8', 'anything', true],
    ['application/xhtml+xml', '', true],
    [undefined, '<!DOCTYPE html><html></html>', true],
    [undefined, '  \n<html>', true],
    [undefined, '<HEAD>', true],
    [undefined, '<body>', true],
    [undefined, '<?xml version="1.0"?>', true],
    ['application/json', '{"message":"<html>"}', false],
    [undefined, 'plain', false],
    [undefined, '', false],
  ])('%s %j -> %s', (contentType, text, expected) => {
    expect(looksLikeHtml(contentType, text)).toBe(expected);
  });
});
