// When no (complete) answer came: what each network failure is called in a
// message, whether the request may have reached the server, and whether it is
// worth another try. Also the refusal to follow a redirect.
import { ApiError, KettleError, NetworkError } from '../errors.js';
import { headerValue } from './headers.js';
import { redactUrl } from './redact.js';
import type { RawApiResponse } from './response.js';

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'the server did not answer in time',
  UND_ERR_BODY_TIMEOUT: 'the server stopped sending the response',
  UND_ERR_SOCKET: 'the connection closed before the response was complete',
  UND_ERR_CLOSED: 'the connection was closed',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the response was cut short',
  UND_ERR_REQ_CONTENT_LENGTH_MISMATCH: 'the request body was cut short',
  UND_ERR_ABORTED: 'the request timed out',
  CERT_HAS_EXPIRED: 'the server certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'the server certificate is self-signed (trust it with NODE_EXTRA_CA_CERTS, or add the login with --insecure)',
  SELF_SIGNED_CERT_IN_CHAIN: 'the server certificate chain is self-signed (trust its CA with NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the server certificate could not be verified (trust its CA with NODE_EXTRA_CA_CERTS)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the server certificate could not be verified (trust its CA with NODE_EXTRA_CA_CERTS)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the server certificate does not match the host name',
};

/** Failures that happen before the request can have reached the server. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Transient failures worth another try of an idempotent request. */
const RETRYABLE = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_ABORTED',
]);

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in NETWORK_CODES) return code;
    if ((e as { name?: unknown }).name === 'TimeoutError' || (e as { name?: unknown }).name === 'AbortError') return 'UND_ERR_ABORTED';
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** No (complete) answer came. Carries what retries and outcome messages need. */
export class TransportError extends NetworkError {
  /** The request may have reached the server. */
  readonly sent: boolean;
  readonly retryable: boolean;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.sent = code === undefined || !NOT_SENT.has(code);
    this.retryable = code !== undefined && RETRYABLE.has(code);
  }
}

function seconds(ms: number): string {
  return `${Math.round((ms / 1000) * 10) / 10} s`;
}

export function networkError(err: unknown, method: string, url: URL, timing?: { timeoutMs: number; gotHeaders: boolean }): KettleError {
  if (err instanceof KettleError) return err;
  const code = errorCode(err);
  let what = code ? NETWORK_CODES[code] : err instanceof Error ? err.message : String(err);
  const timedOut = code === 'UND_ERR_ABORTED' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
  if (timing && timedOut) {
    what = timing.gotHeaders
      ? `the server stopped sending the response (nothing more within ${seconds(timing.timeoutMs)})`
      : `the server did not answer within ${seconds(timing.timeoutMs)}`;
    what += '; allow more time with --timeout SECONDS or KETTLE_TIMEOUT';
  } else if (timing && code === 'UND_ERR_CONNECT_TIMEOUT') {
    what = `could not connect within ${seconds(timing.timeoutMs)}`;
  }
  return new TransportError(`${method} ${url.host}${url.pathname}: ${what}`, code);
}

/**
 * A redirect is never followed: the credentials would travel to wherever the
 * server points. The user is told where it pointed (without any credential).
 */
export function redirectError(method: string, path: string, res: RawApiResponse): ApiError {
  const location = headerValue(res.headers, 'location');
  let target = 'another address';
  if (location) {
    try {
      target = redactUrl(new URL(location, res.url));
    } catch {
      target = 'an invalid address';
    }
  }
  return new ApiError({
    message: `the server redirected ${method} ${path} to ${target}; use that server URL instead`,
    method,
    path,
    status: res.status,
  });
}
