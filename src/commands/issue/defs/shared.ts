// What the issue verbs' definitions share: the number arguments.
import { arg, variadicArg } from '../../../spec/spec.js';

export const number = arg('<number>', 'the issue number, such as 3 or #3, or its web URL');
export const numbers = variadicArg('<number...>', 'one or more issue numbers, such as 3 or #3, or their web URLs');
