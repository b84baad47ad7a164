// HTTP status texts ("Not Found"), from Node's table. Through
// process.getBuiltinModule, not an ES import: on Node 22 and later, importing
// 'node:http' as an ES module reads every export, including the lazy
// WebSocket getters, which load Node's own copy of undici (about 35 ms) that
// kettle never uses; and not through node:module's createRequire, whose
// loading (Node's ES module loader with it) cost every command about 1.5 ms.
// Only when a text is wanted (an error, a trace): loading node:http costs
// about 6 ms of start-up, and kettle's requests go through undici.

let codes: Record<number, string | undefined> | undefined;

/** The reason phrase of an HTTP status, or '' for an unknown one. */
export function statusText(status: number): string {
  codes ??= process.getBuiltinModule('node:http').STATUS_CODES;
  return codes[status] ?? '';
}
