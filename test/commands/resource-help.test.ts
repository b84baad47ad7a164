// Every resource command of the contract: --help with a real example and every
// flag spelled as the contract spells it, and an example in the README.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/harness.js';
import { kettle } from '../support/inprocess.js';

/** The contract's spellings, command by command. */
const COMMANDS: Array<[command: string, flags: string[]]> = [
  ['repo list', ['--user', '--limit', '--all', '--page', '--json', '--fields']],
  ['repo view', ['--json', '--fields']],
  ['repo create', ['--description', '--private', '--init']],
  ['repo delete', ['--yes']],
  ['issue list', ['-R, --repo', '--state', '--limit', '--all', '--page', '--all-repos', '--filter']],
  ['issue view', ['-R, --repo']],
  ['issue create', ['-R, --repo', '--title', '--body', '--body-file', '--label', '--assignee']],
  ['issue edit', ['-R, --repo', '--title', '--body', '--body-file']],
  ['issue close', ['-R, --repo']],
  ['issue reopen', ['-R, --repo']],
  ['pr list', ['-R, --repo', '--state', '--limit', '--all', '--page']],
  ['pr create', ['-R, --repo', '--title', '--head', '--base', '--body', '--body-file']],
  ['pr merge', ['-R, --repo', '--style', '--message']],
  ['org list', ['--limit', '--all', '--page']],
  ['org view', ['--json']],
  ['org create', ['--full-name']],
  ['hook list', ['-R, --repo', '--limit', '--all']],
  ['hook add', ['-R, --repo', '--url', '--events', '--content-type', '--secret', '--secret-file', '--type', '--inactive']],
  ['notification list', ['--all', '--unread', '--read', '--pinned', '--type', '-R, --repo', '--limit', '--page', '--json', '--jq']],
  ['notification read', ['--all', '-R, --repo']],
  ['status', ['--login', '--json', '--jq']],
  ['search repos', ['--owner', '--topic', '--sort', '--archived', '--no-archived', '--limit', '--all', '--page', '--json', '--jq']],
  ['search issues', ['--state', '--type', '--label', '--owner', '--limit', '--all', '--page', '--json', '--jq']],
  ['search users', ['--limit', '--all', '--page', '--json', '--jq']],
];

describe('--help of the resource commands', () => {
  it.each(COMMANDS)('kettle %s --help: flags and a real example', async (command, flags) => {
    const r = await kettle([...command.split(' '), '--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const [usage, examples = ''] = r.stdout.split('\nExamples:\n');
    for (const flag of flags) expect(usage).toContain(flag);
    expect(examples).toMatch(new RegExp(`^ {2}\\$ kettle ${command} `, 'm'));
  });
});

describe('README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Commands'), readme.indexOf('\n## ', readme.indexOf('## Commands') + 1));

  it.each(COMMANDS.map(([c]) => c))('shows an example of kettle %s in its Commands section', (command) => {
    expect(section).toMatch(new RegExp(`\`kettle ${command}[ \`]`));
  });
});
