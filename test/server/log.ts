// Every API request the in-memory servers of this process received, kept past
// resetRequests(), with the kettle commands that were running when it arrived.
// The contract check after each test (test/contract/setup.ts) drains it.
import type { RecordedRequest } from './index.js';

export interface LoggedRequest {
  request: RecordedRequest;
  /** The argument lists of the kettle processes running when the request arrived. */
  running: string[][];
}

export const requestLog: LoggedRequest[] = [];

const runningCommands = new Set<string[]>();

/**
 * Note that a kettle process runs with these arguments, until the returned
 * function is called. Whatever spawns kettle against a test server calls it
 * (the end-to-end harness does), so the check knows which command sent what.
 */
export function commandStarted(args: string[]): () => void {
  const entry = [...args];
  runningCommands.add(entry);
  return () => runningCommands.delete(entry);
}

export function logRequest(request: RecordedRequest): void {
  requestLog.push({ request, running: [...runningCommands] });
}
