// kettle release upload: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, variadicArg, verb } from '../../../spec/spec.js';
import { tag } from './shared.js';

export const upload = verb({
  name: 'upload',
  summary: 'Upload files as assets of a release',
  args: { tag, files: variadicArg('<file...>', 'the files to upload') },
  flags: { ...repoFlag, clobber: bool('--clobber', 'replace an asset of the same name') },
  examples: ['kettle release upload v1.2.0 dist/teapot.tar.gz dist/teapot.zip', 'kettle release upload v1.2.0 dist/teapot.tar.gz --clobber'],
  load: () => import('../upload.js'),
});
