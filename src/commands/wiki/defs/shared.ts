// What the wiki definitions share: the page argument and --message.
import { text } from '../../../spec/spec.js';
import { arg } from '../../../spec/spec.js';

export const page = arg('<page>', 'the page, by its title as the web page shows it ("Getting started"; the name in its URL works too)');
export const message = { message: text('-m, --message <text>', 'the commit message (default: the server\'s, such as Add "TITLE")') };
