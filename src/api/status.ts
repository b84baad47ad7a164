// HTTP status texts ("Not Found"), from Node's table. Through require, not an
// ES import: on Node 22 and later, importing 'node:http' as an ES module reads
// every export, including the lazy WebSocket getters, which load Node's own
// copy of undici (about 35 ms) that kettle never uses.
import { createRequire } from 'node:module';

const { STATUS_CODES } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

/** The reason phrase of an HTTP status, or '' for an unknown one. */
export function statusText(status: number): string {
  return STATUS_CODES[status] ?? '';
}
