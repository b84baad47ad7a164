// The proxy variables (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, in either case), read
// from the environment kettle was given and checked before any request.
import { UsageError } from '../errors.js';
import { redactUrl } from './redact.js';
import { SCHEME } from '../text/schemes.js';

/** What undici's proxy agent is told; '' for none. */
export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

/**
 * A proxy variable's value (the lower-case name first, as curl reads them), as
 * a URL undici can use. "host:port" without a scheme means http://, as it does
 * for curl. Anything else that is not an http, https or socks5 URL is a usage
 * error naming the variable, with any credential in it hidden.
 */
export function proxyUrl(env: NodeJS.ProcessEnv, upper: 'HTTP_PROXY' | 'HTTPS_PROXY'): string | undefined {
  const name = proxyVariable(env, upper);
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = SCHEME.test(raw) ? raw : `http://${raw}`;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:', 'socks5:', 'socks:'].includes(url.protocol) || url.hostname === '') {
    const shown = redactUrl(raw);
    throw new UsageError(`${name} is not a proxy URL kettle can use: "${shown}" (expected http://host:port, https:// or socks5://)`);
  }
  return url.href;
}

/**
 * The proxy settings, or undefined when no proxy is set (the plain agent is
 * then enough). Every value is given, '' for none, so the proxy agent reads
 * nothing from process.env itself, and https without HTTPS_PROXY goes through
 * HTTP_PROXY.
 */
export function proxySettings(env: NodeJS.ProcessEnv): ProxySettings | undefined {
  const httpProxy = proxyUrl(env, 'HTTP_PROXY');
  const httpsProxy = proxyUrl(env, 'HTTPS_PROXY');
  if (httpProxy === undefined && httpsProxy === undefined) return undefined;
  return { httpProxy: httpProxy ?? '', httpsProxy: httpsProxy ?? '', noProxy: env.no_proxy || env.NO_PROXY || '' };
}

/** Which spelling of a proxy variable is in force: the lower-case one first, as curl reads them. */
function proxyVariable(env: NodeJS.ProcessEnv, upper: 'HTTP_PROXY' | 'HTTPS_PROXY'): string {
  return env[upper.toLowerCase()] ? upper.toLowerCase() : upper;
}

/** The proxy a request goes through, for messages: its URL (credentials hidden) and the variable that set it. */
export interface ProxyInUse {
  url: string;
  variable: string;
}

/** Whether NO_PROXY exempts a host: `*`, a host name (its sub-domains too), with or without a port. */
function exempted(noProxy: string, url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return noProxy
    .split(/[\s,]+/)
    .filter(Boolean)
    .some((entry) => {
      if (entry === '*') return true;
      const m = /^(.*?)(?::(\d+))?$/.exec(entry.toLowerCase());
      const name = (m?.[1] ?? '').replace(/^\*?\./, '').replace(/^\[|\]$/g, '');
      if (m?.[2] !== undefined && m[2] !== port) return false;
      return host === name || host.endsWith(`.${name}`);
    });
}

/**
 * The proxy a request to `url` is sent through, as the proxy agent chooses it
 * (HTTPS_PROXY for https, else HTTP_PROXY; none for a NO_PROXY host), or
 * undefined. Used to word failures: when a proxy is in the way, a refused
 * connection is the proxy's, not the server's.
 */
export function proxyFor(env: NodeJS.ProcessEnv, url: URL): ProxyInUse | undefined {
  let settings: ProxySettings | undefined;
  try {
    settings = proxySettings(env);
  } catch {
    return undefined;
  }
  if (settings === undefined || exempted(settings.noProxy, url)) return undefined;
  const https = url.protocol === 'https:' && settings.httpsProxy !== '';
  const chosen = https ? settings.httpsProxy : settings.httpProxy;
  if (chosen === '') return undefined;
  const variable = proxyVariable(env, https ? 'HTTPS_PROXY' : 'HTTP_PROXY');
  return { url: redactUrl(chosen).replace(/\/$/, ''), variable };
}
