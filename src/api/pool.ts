// The connection pool a Transport sends through: made on its first request
// (the proxy agent, loaded only when a proxy variable is set), and ended when
// the command is done with it.
import { proxySettings } from './proxy.js';
import { Agent, type Dispatcher, loadEnvHttpProxyAgent } from './undici.js';

/** The pool (or the proxy agent) with kettle's timeouts and TLS choice. */
export async function createPool(timeout: number, insecure: boolean, env: NodeJS.ProcessEnv): Promise<Dispatcher> {
  const tls = insecure ? { rejectUnauthorized: false } : {};
  const options = {
    connect: { timeout, ...tls },
    headersTimeout: timeout,
    bodyTimeout: timeout,
    keepAliveTimeout: 10_000,
  };
  const proxy = proxySettings(env);
  // Only with a proxy is the proxy agent worth loading.
  if (proxy === undefined) return new Agent(options);
  const EnvHttpProxyAgent = await loadEnvHttpProxyAgent();
  return new EnvHttpProxyAgent({ ...options, ...(insecure ? { requestTls: tls } : {}), ...proxy });
}

/** End a pool the command is done with; requests still in flight are let finish, for up to timeoutMs. */
export async function endPool(dispatcher: Dispatcher, timeoutMs: number): Promise<void> {
  // With nothing in flight (every command that succeeded), destroyed with an
  // error of ours. undici's close() ends by destroying the sockets with its
  // own error, whose stack Node's streams read, which has V8 format a stack
  // trace over the bundle: about 5 ms of every command (bench: whoami).
  // Ours has no stack to format. Requests still in flight (pages read ahead
  // of a failure) are let finish, as close() does, for as long as a request
  // may take: one that never got a connection (a proxy that never opened
  // its tunnel) was given up at its time limit, and nothing else ends it.
  if (idle(dispatcher)) {
    await dispatcher.destroy(connectionsDone()).catch(() => undefined);
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
    timer.unref();
  });
  const closed = await Promise.race([dispatcher.close().catch(() => undefined), late]);
  clearTimeout(timer);
  if (closed === 'late') await dispatcher.destroy(connectionsDone()).catch(() => undefined);
}

/** Whether a pool has no request queued, pending or running; a dispatcher that keeps no count is taken as busy. */
function idle(dispatcher: Dispatcher): boolean {
  const stats = (dispatcher as { stats?: Record<string, { pending?: number; queued?: number; running?: number }> }).stats;
  if (stats === undefined) return false;
  return Object.values(stats).every((s) => !s.pending && !s.queued && !s.running);
}

/** The error the pool's sockets are destroyed with at the end: one without a stack (see endPool). */
function connectionsDone(): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new Error('kettle is done with this connection');
  } finally {
    Error.stackTraceLimit = limit;
  }
}
