// Types for jq-web (jq compiled to WebAssembly), as src/output/jq.ts uses it.
declare module 'jq-web' {
  interface JqWeb {
    /** Like `jq FLAGS FILTER` on the JSON text `input`: jq's stdout; throws with exitCode and stderr when jq exits non-zero. */
    raw(input: string | Uint8Array, filter: string, flags?: string[]): string | undefined;
  }
  const jq: Promise<JqWeb>;
  export default jq;
}
