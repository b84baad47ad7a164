// An answer's status read: a success's parts, or the error it is (a
// redirect refused, an outcome left unknown). The client and the transfers
// (release assets) read every answer through it.
import { type HeaderMap, headerValue } from './headers.js';
import { redirectError } from './network-errors.js';
import { errorFromResponse } from './response.js';
import { isIdempotent } from './retry.js';

/**
 * The answer as response.ts reads it, when its status is a success; otherwise
 * the error it is. A redirect is refused (the credential would travel along);
 * a 5xx to a request that changes something leaves its outcome unknown; an
 * answer that came on a retry says what the first try got instead.
 */
export function failIfNotOk(
  method: string,
  path: string,
  res: { status: number; headers: HeaderMap; text: string; url: string; lostAnswer?: string | undefined },
  { uncertain = !isIdempotent(method), hide }: { uncertain?: boolean; hide?: ((text: string) => string) | undefined } = {},
): { method: string; path: string; status: number; contentType: string | undefined; text: string } {
  if (res.status >= 300 && res.status < 400) throw redirectError(method, path, res);
  const raw = { method, path, status: res.status, contentType: headerValue(res.headers, 'content-type'), text: res.text };
  if (res.status < 300) return raw;
  const err = errorFromResponse(raw, hide);
  if (res.status >= 500 && uncertain) err.uncertainPath = path;
  else if (res.lostAnswer !== undefined) err.lostAnswer = res.lostAnswer;
  throw err;
}
