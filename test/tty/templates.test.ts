// issue create at a real terminal with a repository's issue form: the
// template offered (no blank issue where config.yml forbids one), the title
// started with the form's prefix, each field asked in order, a required
// checkbox asked again until ticked, and the body written as the web form
// writes it. The form is a file committed to the in-memory server's real git.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/harness.js';
import { enableGit } from '../server/git-http.js';
import { ISSUE_FORM } from '../support/issue-form.js';
import { demoTerminal } from './tmux.js';

const demo = demoTerminal();
const root = tempDir('kettle-tty-templates-');
afterAll(() => root.cleanup());

beforeAll(async () => {
  enableGit(demo.server, root.path);
  demo.server.state.addRepo('alice', 'formed', { init: true });
  const token = demo.server.addToken('alice');
  for (const [path, text] of [
    ['.gitea/ISSUE_TEMPLATE/feature.yaml', ISSUE_FORM],
    ['.gitea/ISSUE_TEMPLATE/config.yml', 'blank_issues_enabled: false\n'],
  ] as const) {
    const res = await fetch(`${demo.server.url}/api/v1/repos/alice/formed/contents/${path}`, {
      method: 'POST',
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: Buffer.from(text).toString('base64'), message: 'Add a template' }),
    });
    expect(res.status).toBe(201);
  }
});

describe('issue create with an issue form, on a terminal', () => {
  it('offers the form, asks field by field, and writes the body the web form writes', { timeout: 60_000 }, async () => {
    const pane = await demo.term.kettle(['issue', 'create', '-R', 'alice/formed']);
    const offered = await pane.asked('Template');
    expect(offered).toContain('Feature form — Ask for a feature');
    expect(offered).not.toContain('Blank issue');
    await pane.keys('Enter');
    await pane.asked('Title');
    await pane.type('Whistle');
    await pane.keys('Enter');
    const summary = await pane.asked('Summary');
    expect(summary).toContain('Thanks for asking.');
    await pane.type('Loud');
    await pane.keys('Enter');
    await pane.asked('Logs');
    await pane.keys('Down', 'Down', 'Enter');
    await pane.asked('Area');
    await pane.keys('Space', 'Down', 'Down', 'Space', 'Enter');
    await pane.asked('Terms');
    await pane.keys('Enter');
    const again = await pane.waitFor(/"I searched first" must be ticked[\s\S]*^\? Terms/m);
    expect(again).toContain('must be ticked');
    await pane.keys('Space', 'Enter');
    const { code, screen } = await pane.exit();
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/✓ Created issue #\d+ in alice\/formed/);
    const repo = demo.server.state.repo('alice', 'formed');
    const made = demo.server.state.issues.filter((i) => i.repoId === repo?.id).at(-1);
    expect(made?.title).toBe('[feature] Whistle');
    expect(made?.body).toBe('### Summary\n\nLoud\n\n### Logs\n\n_No response_\n\n### Area\n\nCLI, Docs\n\n### Terms\n\n- [x] I searched first\n- [ ] I can help\n\n');
  });
});
