// The proxy variables (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, in either case), read
// from the environment kettle was given and checked before any request.
import { UsageError } from '../errors.js';

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
  const name = env[upper.toLowerCase()] ? upper.toLowerCase() : upper;
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:', 'socks5:', 'socks:'].includes(url.protocol) || url.hostname === '') {
    // Everything up to the last @ may be a user name and password.
    const shown = raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^@]*@/i, '$1REDACTED@');
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
