// Every command kettle has, in the order the overview lists them: the word
// that names each top-level command (and its aliases), and how to load its
// definitions. A command line evaluates only the definitions of the command
// it names (`kettle issue list`: issue's), so start-up does not grow with the
// number of commands; help, completion and an unknown word load them all.
import type { GroupDef, TopDef } from '../spec/spec.js';

export interface Entry {
  /** The word that names it and its aliases: enough to choose the branch a command line builds. */
  name: string;
  aliases?: string[];
  /** Its definitions (evaluated on first use). */
  load: () => Promise<GroupDef | TopDef>;
}

export const ENTRIES: Entry[] = [
  { name: 'login', load: async () => (await import('./login/index.js')).login },
  { name: 'whoami', load: async () => (await import('./whoami/index.js')).whoami },
  { name: 'user', load: async () => (await import('./user/index.js')).user },
  { name: 'repo', load: async () => (await import('./repo/index.js')).repo },
  { name: 'branch', load: async () => (await import('./branch/index.js')).branch },
  { name: 'tag', load: async () => (await import('./tag/index.js')).tag },
  { name: 'browse', load: async () => (await import('./browse/index.js')).browse },
  { name: 'issue', load: async () => (await import('./issue/index.js')).issue },
  { name: 'time', load: async () => (await import('./time/index.js')).time },
  { name: 'label', load: async () => (await import('./label/index.js')).labelGroup },
  { name: 'milestone', load: async () => (await import('./milestone/index.js')).milestoneGroup },
  { name: 'pr', load: async () => (await import('./pr/index.js')).pr },
  { name: 'release', load: async () => (await import('./release/index.js')).release },
  { name: 'wiki', load: async () => (await import('./wiki/index.js')).wiki },
  { name: 'run', load: async () => (await import('./run/index.js')).run },
  { name: 'workflow', load: async () => (await import('./workflow/index.js')).workflow },
  { name: 'secret', load: async () => (await import('./secret/index.js')).secret },
  { name: 'variable', load: async () => (await import('./variable/index.js')).variable },
  { name: 'runner', load: async () => (await import('./runner/index.js')).runner },
  { name: 'package', load: async () => (await import('./package/index.js')).packageGroup },
  { name: 'status', load: async () => (await import('./status/index.js')).status },
  { name: 'notification', aliases: ['notifications'], load: async () => (await import('./notification/index.js')).notification },
  { name: 'search', load: async () => (await import('./search/index.js')).search },
  { name: 'org', load: async () => (await import('./org/index.js')).org },
  { name: 'team', load: async () => (await import('./team/index.js')).teamGroup },
  { name: 'hook', load: async () => (await import('./hook/index.js')).hook },
  { name: 'ssh-key', load: async () => (await import('./ssh-key/index.js')).sshKey },
  { name: 'gpg-key', load: async () => (await import('./gpg-key/index.js')).gpgKey },
  { name: 'admin', load: async () => (await import('./admin/index.js')).admin },
  { name: 'config', load: async () => (await import('./config/index.js')).config },
  { name: 'alias', load: async () => (await import('./alias/index.js')).alias },
  { name: 'extension', aliases: ['extensions', 'ext'], load: async () => (await import('./extension/index.js')).extension },
  { name: 'api', load: async () => (await import('./api/index.js')).api },
  { name: 'completion', load: async () => (await import('./completion/index.js')).completion },
];

/** Every command's definitions, in the overview's order: the whole tree. */
export function loadCommands(): Promise<(GroupDef | TopDef)[]> {
  return Promise.all(ENTRIES.map((e) => e.load()));
}
