// The parts of undici kettle uses, and nothing else. Importing 'undici' itself
// evaluates the whole library on every command: fetch, WebSocket, EventSource,
// cookies (which load Node's own bundled copy of undici as well), mock agents,
// cache stores. kettle needs a connection pool (Agent), request() and connect()
// on it, and the proxy agent when a proxy variable is set. Measured on Node
// 20.20: importing the HTTP chunk fell from about 67 ms to about 7 ms.
import Agent from 'undici/lib/dispatcher/agent.js';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import connect from 'undici/lib/api/api-connect.js';
import request from 'undici/lib/api/api-request.js';
import util from 'undici/lib/core/util.js';

// What undici's index.js does for its whole API: the methods live on
// Dispatcher.prototype. kettle calls request(); the proxy agent opens its
// tunnel with connect().
if (!('request' in DispatcherBase.prototype)) Object.assign(DispatcherBase.prototype, { request, connect });

export { Agent };
/** undici's own reading of an answer's raw headers (request() reads them so): names in lower case, a repeated one as a list. */
export const parseHeaders: (raw: Buffer[]) => Record<string, string | string[]> = util.parseHeaders;
export type { Dispatcher } from 'undici';

/** The proxy agent: loaded only when a proxy variable is set. */
export async function loadEnvHttpProxyAgent(): Promise<typeof import('undici').EnvHttpProxyAgent> {
  return (await import('undici/lib/dispatcher/env-http-proxy-agent.js')).default;
}
