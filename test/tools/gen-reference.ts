// npm run reference: write the command reference into README.md (test/tools/reference.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandReference, withReference } from './reference.js';

/** The repository root: the nearest folder above this file (or its bundle) holding bin/kettle.cjs. */
let root = dirname(fileURLToPath(import.meta.url));
for (let i = 0; i < 5 && !existsSync(join(root, 'bin', 'kettle.cjs')); i++) root = dirname(root);
const path = join(root, 'README.md');
const before = readFileSync(path, 'utf8');
const after = withReference(before, await commandReference());
if (after !== before) writeFileSync(path, after);
process.stdout.write(after === before ? 'README.md: the command reference is up to date\n' : 'README.md: command reference written\n');
