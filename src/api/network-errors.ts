// When no (complete) answer came: what each network failure is called in a
// message, whether the request may have reached the server, and whether it is
// worth another try. Also the refusal to follow a redirect.
import { ApiError, KettleError, NetworkError } from '../errors.js';
import { headerValue } from './headers.js';
import { redactUrl } from './redact.js';
import type { ProxyInUse } from './proxy.js';
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
  // OpenSSL's words for an https request answered in plain http.
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server did not answer in TLS (https)',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'the server did not answer in TLS (https)',
  ERR_SSL_HTTP_REQUEST: 'the server did not answer in TLS (https)',
};

/** Failures of the connection itself: with a proxy in the way, they are the proxy's. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

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
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_HTTP_REQUEST',
  'PROXY_REFUSED',
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

/**
 * Failures of a server that is away for a while (restarting, behind a proxy
 * that cannot reach it, a network that drops): the transient ones, a refused
 * connection and an unreachable host. A name that does not resolve at all, a
 * certificate or a proxy's refusal is not: waiting does not mend those.
 */
const AWAY = new Set([...RETRYABLE, 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

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
  /** The server may be away only for a while (see AWAY): a watch waits for it. */
  readonly away: boolean;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.sent = code === undefined || !NOT_SENT.has(code);
    this.retryable = code !== undefined && RETRYABLE.has(code);
    this.away = code !== undefined && AWAY.has(code);
  }
}

function seconds(ms: number): string {
  return `${Math.round((ms / 1000) * 10) / 10} s`;
}

/** The proxy's answer to CONNECT when it was not 200, as undici reports it. */
function proxyAnswer(err: unknown): number | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const message = (e as { message?: unknown }).message;
    const m = typeof message === 'string' ? /^Proxy (?:response \((\d{3})\) !== 200 when HTTP Tunneling|Authentication Required \((407)\))/.exec(message) : null;
    if (m) return Number(m[1] ?? m[2]);
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const PROXY_STATUS: Record<number, string> = {
  407: 'asked for proxy credentials (407 Proxy Authentication Required); put them in the proxy URL (http://USER:PASSWORD@host:port)',
  502: 'could not reach the server (502 Bad Gateway)',
  503: 'is unavailable (503 Service Unavailable)',
  504: 'timed out reaching the server (504 Gateway Timeout)',
  403: 'refused to connect to the server (403 Forbidden)',
};

/**
 * The failure worded after the proxy when the proxy is what failed: the
 * connection to it, or its answer to CONNECT. Undefined otherwise.
 */
function proxyError(err: unknown, code: string | undefined, method: string, url: URL, proxy: ProxyInUse): KettleError | undefined {
  const request = `${method} ${url.origin}${url.pathname}`;
  const named = `the proxy ${proxy.url} (from ${proxy.variable})`;
  const status = proxyAnswer(err);
  if (status !== undefined) {
    const what = PROXY_STATUS[status] ?? `answered ${status} to CONNECT ${url.host}`;
    // The proxy answered: the request went no further.
    return new TransportError(`${named} ${what}, for ${request}`, 'PROXY_REFUSED');
  }
  if (code !== undefined && CONNECT_CODES.has(code)) {
    return new TransportError(`${named}: ${NETWORK_CODES[code]}, for ${request}`, code);
  }
  return undefined;
}

/** How networkError words an answer that began and then stopped coming. */
const STOPPED = 'the server stopped sending the response';

/** Whether a failure's message says the answer began and then stopped coming (its status may have been a success). */
export function stoppedMidAnswer(message: string): boolean {
  return message.includes(STOPPED);
}

export function networkError(err: unknown, method: string, url: URL, timing?: { timeoutMs: number; gotHeaders: boolean }, proxy?: ProxyInUse): KettleError {
  if (err instanceof KettleError) return err;
  const code = errorCode(err);
  if (proxy) {
    const failed = proxyError(err, code, method, url, proxy);
    if (failed) return failed;
  }
  let what = code ? NETWORK_CODES[code] : err instanceof Error ? err.message : String(err);
  const timedOut = code === 'UND_ERR_ABORTED' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
  if (timing && timedOut) {
    what = timing.gotHeaders ? `${STOPPED} (nothing more within ${seconds(timing.timeoutMs)})` : `the server did not answer within ${seconds(timing.timeoutMs)}`;
    what += '; allow more time with --timeout SECONDS or KETTLE_TIMEOUT';
  } else if (timing && code === 'UND_ERR_CONNECT_TIMEOUT') {
    what = `could not connect within ${seconds(timing.timeoutMs)}`;
  } else if (code !== undefined && NETWORK_CODES[code] === NETWORK_CODES.ERR_SSL_WRONG_VERSION_NUMBER && url.protocol === 'https:') {
    what += `; if it serves plain http, use http://${url.host}`;
  }
  // The scheme stays in the line: https:// where http:// was meant is often the whole story.
  return new TransportError(`${method} ${url.origin}${url.pathname}: ${what}`, code);
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
