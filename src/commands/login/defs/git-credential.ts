// kettle login git-credential: definition.
import { arg, verb } from '../../../spec/spec.js';

export const gitCredential = verb({
  name: 'git-credential',
  summary: "git's credential-helper protocol (called by git, not by people)",
  // Not a closed choice: git tells helpers to ignore an operation they do not know.
  args: { operation: arg('<operation>', 'get, store or erase, as git passes it; store, erase and any other change nothing') },
  examples: ["printf 'protocol=https\\nhost=git.example.com\\n\\n' | kettle login git-credential get   # as git asks it"],
  notes:
    "\nget answers username= and password= (the token) when the protocol, host and path fall under a login's\nserver URL (the longest one wins; KETTLE_URL and KETTLE_TOKEN, or an Actions job, count as a login),\nand otherwise prints nothing and exits 0, so git asks its next helper.\n",
  load: () => import('../git-credential.js'),
});
