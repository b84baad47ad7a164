// What the time verbs' definitions share: the number argument.
import { arg } from '../../../spec/spec.js';

export const number = arg('<number>', 'the issue or pull request number, such as 3 or #3, or its web URL');
