// kettle release download: definition.
import { repoFlag } from '../../../spec/flags.js';
import { bool, list, optionalArg, text, verb } from '../../../spec/spec.js';

export const download = verb({
  name: 'download',
  summary: 'Download the assets of a release (the latest release when TAG is left out)',
  args: { tag: optionalArg('[tag]', 'the tag of the release (default: the latest release)') },
  flags: {
    ...repoFlag,
    pattern: list('-p, --pattern <glob>', 'only assets whose name matches (*, ? and [...]); repeat it for more'),
    dir: text('-D, --dir <folder>', 'the folder to write them to (default: the current one); - writes one asset to standard output'),
    clobber: bool('--clobber', 'overwrite files that already exist'),
  },
  examples: [
    'kettle release download v1.2.0',
    'kettle release download --pattern "*.tar.gz" --dir downloads',
    'kettle release download v1.2.0 -p "teapot-*-linux-?64.zip" --clobber',
    'kettle release download v1.2.0 -p checksums.txt -D - | sha256sum -c',
  ],
  load: () => import('../download.js'),
});
