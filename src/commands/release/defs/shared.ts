// What the release definitions share.
import { arg, text } from '../../../spec/spec.js';

export const tag = arg('<tag>', 'the tag of the release, such as v1.2.0');

export const notesFlags = {
  notes: text('-n, --notes <text>', 'the release notes'),
  notesFile: text('-F, --notes-file <file>', 'read the release notes from a file (- for standard input; at most 4 MiB)'),
};
