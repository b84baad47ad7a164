// What the login definitions share.
import { arg } from '../../../spec/spec.js';

export const loginName = arg('<name>', 'the name of a stored login (see kettle login list)');
