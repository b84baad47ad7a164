// What the milestone definitions share.
import { arg, text } from '../../../spec/spec.js';

export const milestone = arg('<milestone>', 'the milestone, by title or number');

export const description = text('-d, --description <text>', 'what the milestone is for');

export const due = text('--due <date>', 'the due date (YYYY-MM-DD: the end of that day here, or ISO 8601)');
