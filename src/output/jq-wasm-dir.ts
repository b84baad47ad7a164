// Where the bundle's copy of jq-web finds jq.wasm: the bundle's own folder,
// where the build copies it (test/tools/build-cli.mjs patches jq-web to read
// this global). Evaluated before jq-web, which starts loading it at once.
import { fileURLToPath } from 'node:url';

(globalThis as { __kettleJqWasmDir?: string }).__kettleJqWasmDir = fileURLToPath(new URL('.', import.meta.url));
