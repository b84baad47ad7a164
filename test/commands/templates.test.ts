// Issue and pull-request templates: the servers' issue template list and
// config (their files committed to the in-memory server's real git), markdown
// templates and YAML forms filled from --field, the body written as the web
// form writes it (RenderToMarkdown), and the pull-request template on the base
// branch. kettle runs in-process; the templates are real files in real git.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IssueTemplate } from '../../src/api/gitea/types.js';
import { answersFrom, parseFieldFlags, renderForm } from '../../src/commands/templates.js';
import { json, tempDir } from '../support/harness.js';
import { expectExit, sent, useServer } from '../support/suite.js';
import { enableGit } from '../server/git-http.js';
import { ISSUE_FORM_WITH_VERSION } from '../support/issue-form.js';

const root = tempDir('kettle-templates-');
afterAll(() => root.cleanup());

const BUG = `---
name: Bug report
about: Something does not work
title: "[bug] "
labels: ["defect", "not-a-label-here"]
ref: main
---
## What happened

## What you expected
`;

/** The shared form with a VERSION input, and labels: its labels apply to the issue. */
const FORM = ISSUE_FORM_WITH_VERSION.replace('title: "[feature] "\n', 'title: "[feature] "\nlabels: enhancement\n');

describe('the body a form makes (RenderToMarkdown)', () => {
  // modules/issue/template/template_test.go TestRenderToMarkdown "normal": the template as the API gives
  // it (ids and visibility filled in by unmarshal), the same values, the same body.
  const template: IssueTemplate = {
    name: 'Name',
    body: [
      { type: 'markdown', id: 'id1', attributes: { value: 'Value of the markdown shown in form' }, visible: ['form'] },
      { type: 'markdown', id: 'id2', attributes: { value: 'Value of the markdown shown in created issue' }, visible: ['content'] },
      { type: 'textarea', id: 'id3', attributes: { label: 'Label of textarea', render: 'bash' }, validations: { required: true }, visible: ['form', 'content'] },
      { type: 'input', id: 'id4', attributes: { label: 'Label of input', hide_label: true }, validations: { required: true, is_number: true, regex: '[a-zA-Z0-9]+' }, visible: ['form', 'content'] },
      {
        type: 'dropdown',
        id: 'id5',
        attributes: { label: 'Label of dropdown (one line)', multiple: true, options: ['Option 1 of dropdown', 'Option 2 of dropdown', 'Option 3 of dropdown'] },
        visible: ['form', 'content'],
      },
      {
        type: 'dropdown',
        id: 'id6',
        attributes: { label: 'Label of dropdown (list)', multiple: true, list: true, options: ['Option 1 of dropdown', 'Option 2 of dropdown', 'Option 3 of dropdown'] },
        visible: ['form', 'content'],
      },
      {
        type: 'checkboxes',
        id: 'id7',
        attributes: {
          label: 'Label of checkboxes',
          options: [
            { label: 'Option 1 of checkboxes', required: true },
            { label: 'Option 2 of checkboxes', required: false },
            { label: 'Option 3 of checkboxes', required: true, visible: ['form'] },
            { label: 'Hidden Option of checkboxes', visible: ['content'] },
          ],
        },
        visible: ['form', 'content'],
      },
    ],
  };

  it('writes what Gitea writes for the same answers', () => {
    const answers = new Map<string, string | number[]>([
      ['id3', 'Value of id3'],
      ['id4', 'Value of id4'],
      ['id5', [0, 1]],
      ['id6', [1, 2]],
      ['id7', [0, 2]],
    ]);
    expect(renderForm(template, answers)).toBe(
      'Value of the markdown shown in created issue\n\n### Label of textarea\n\n```bash\nValue of id3\n```\n\nValue of id4\n\n### Label of dropdown (one line)\n\nOption 1 of dropdown, Option 2 of dropdown\n\n### Label of dropdown (list)\n\n- Option 2 of dropdown\n- Option 3 of dropdown\n\n### Label of checkboxes\n\n- [x] Option 1 of checkboxes\n- [ ] Option 2 of checkboxes\n- [ ] Hidden Option of checkboxes\n\n',
    );
  });

  it('blank answers are _No response_; a value that opens with a fence gets a longer one', () => {
    const t: IssueTemplate = {
      body: [
        { type: 'textarea', id: 'a', attributes: { label: 'A', render: 'sh' }, visible: ['form', 'content'] },
        { type: 'input', id: 'b', attributes: { label: 'B' }, visible: ['form', 'content'] },
      ],
    };
    expect(renderForm(t, new Map([['a', '````x````']]))).toBe('### A\n\n`````sh\n````x````\n`````\n\n### B\n\n_No response_\n\n');
  });

  it.each([
    [['id3=x'], /"Label of input" is required: give it with --field id4=VALUE/],
    [['id3=x', 'id4=abc'], /"Label of input" must be a number/],
    [['id3=x', 'id4=1', 'id7=2'], /"Option 1 of checkboxes" must be ticked: give --field id7=1/],
    [['id3=x', 'id4=1', 'id7=1', 'id7=3', 'id5=Option 9'], /--field id5: no option "Option 9"; its options: 1 "Option 1 of dropdown"/],
    [['id3=x', 'nope=1'], /the form "Name" has no such field; its fields: id3, id4, id5, id6, id7/],
    [['id3=x', 'id3=y'], /--field id3 given twice/],
  ])('refuses %j before sending', (flags, message) => {
    expect(() => answersFrom(template, parseFieldFlags(flags))).toThrow(message);
  });

  it('options by label (any case) or number; checkboxes in order', () => {
    const a = answersFrom(template, parseFieldFlags(['id3=x', 'id4=12', 'id5=option 3 of dropdown', 'id5=1', 'id7=3', 'id7=1']));
    expect(a.get('id5')).toEqual([2, 0]);
    expect(a.get('id7')).toEqual([0, 2]);
  });

  it('--field without = is a usage error', () => {
    expect(() => parseFieldFlags(['summary'])).toThrow(/expected ID=VALUE/);
  });
});

describe('issue create and pr create with templates', { timeout: 60_000 }, () => {
  const s = useServer({ runner: 'in-process' });
  let n = 0;
  let name = '';
  const R = () => ['-R', `alice/${name}`];
  const commit = async (path: string, text: string) => {
    const r = await s.kettle(['api', '-X', 'POST', `/repos/alice/${name}/contents/${path}`, '-f', `content=${Buffer.from(text).toString('base64')}`, '-f', 'message=Add a template']);
    expectExit(r, 0);
  };

  beforeAll(() => enableGit(s.server, root.path));
  beforeEach(async () => {
    s.server.set({ flavor: { forgejo: false, version: undefined } });
    name = `templated-${++n}`;
    s.server.state.addRepo('alice', name, { init: true });
    await commit('.gitea/ISSUE_TEMPLATE/bug.md', BUG);
    await commit('.gitea/ISSUE_TEMPLATE/feature.yaml', FORM);
    await commit('.gitea/ISSUE_TEMPLATE/config.yml', 'blank_issues_enabled: false\n');
    expectExit(await s.kettle(['label', 'create', 'defect', '--color', 'ee0701', ...R()]), 0);
    expectExit(await s.kettle(['label', 'create', 'enhancement', '--color', '84b6eb', ...R()]), 0);
  });

  it('lists the templates as the servers read them', async () => {
    const r = await s.kettle(['api', `/repos/alice/${name}/issue_templates`]);
    expectExit(r, 0);
    const list = json<IssueTemplate[]>(r);
    expect(list.map((t) => [t.name, t.file_name, t.ref, t.labels])).toEqual([
      ['Bug report', '.gitea/ISSUE_TEMPLATE/bug.md', 'refs/heads/main', ['defect', 'not-a-label-here']],
      ['Feature form', '.gitea/ISSUE_TEMPLATE/feature.yaml', 'refs/heads/', ['enhancement']],
    ]);
    expect(list[1]?.body?.map((f) => [f.id, f.visible])).toEqual([
      ['0', ['form']],
      ['summary', ['form', 'content']],
      ['version', ['form', 'content']],
      ['logs', ['form', 'content']],
      ['area', ['form', 'content']],
      ['terms', ['form', 'content']],
    ]);
    const config = await s.kettle(['api', `/repos/alice/${name}/issue_config`]);
    expect(json(config)).toEqual({ blank_issues_enabled: false, contact_links: [] });
  });

  it('a markdown template: its text is the body, its title the title prefix, its labels the labels the repository has (a note for the rest), its ref the ref', async () => {
    const r = await s.kettle(['issue', 'create', '--template', 'bug', '--title', 'Lid rattles', ...R(), '--json']);
    expectExit(r, 0);
    expect(r.stderr).toMatch(/the template's label "not-a-label-here" is not a label of the repository; left out/);
    const issue = json<{ title: string; body: string; labels: Array<{ name: string }>; ref: string }>(r);
    expect(issue.title).toBe('[bug] Lid rattles');
    expect(issue.body).toBe('## What happened\n\n## What you expected\n');
    expect(issue.labels.map((l) => l.name)).toEqual(['defect']);
    expect(sent(s, 'POST', `/repos/alice/${name}/issues`).map((q) => (q.body as { ref?: string }).ref)).toEqual(['refs/heads/main']);
  });

  it('a title that already starts with the prefix keeps it once; --body beats a markdown template', async () => {
    const r = await s.kettle(['issue', 'create', '-T', 'Bug report', '--title', '[bug] Spout drips', '--body', 'Mine.', ...R(), '--json']);
    expectExit(r, 0);
    expect(json(r)).toMatchObject({ title: '[bug] Spout drips', body: 'Mine.' });
  });

  it('a form from --field: the body as the web form writes it', async () => {
    const r = await s.kettle([
      'issue',
      'create',
      '-T',
      'Feature form',
      '-t',
      'Whistle',
      '--field',
      'summary=A whistle when it boils',
      '--field',
      'version=1.2',
      '--field',
      'area=CLI',
      '--field',
      'area=3',
      '--field',
      'terms=1',
      ...R(),
      '--json',
    ]);
    expectExit(r, 0);
    const issue = json<{ title: string; body: string; labels: Array<{ name: string }> }>(r);
    expect(issue.title).toBe('[feature] Whistle');
    expect(issue.labels.map((l) => l.name)).toEqual(['enhancement']);
    expect(issue.body).toBe(
      '### Summary\n\nA whistle when it boils\n\n### Version\n\n1.2\n\n### Logs\n\n_No response_\n\n### Area\n\nCLI, Docs\n\n### Terms\n\n- [x] I searched first\n- [ ] I can help\n\n',
    );
  });

  it.each([
    [['-T', 'Feature form', '-t', 'W', '--field', 'terms=1'], /"Summary" is required: give it with --field summary=VALUE/],
    [['-T', 'Feature form', '-t', 'W', '--field', 'summary=x'], /"I searched first" must be ticked: give --field terms=1/],
    [['-T', 'Feature form', '-t', 'W', '--field', 'summary=x', '--field', 'terms=1', '--field', 'version=one'], /"Version" must match/],
    [['-T', 'Feature form', '-t', 'W', '--body', 'x'], /is a form: its body is made from its fields/],
    [['-T', 'nothing', '-t', 'W'], /no template named "nothing" in alice\/templated-\d+; its templates: "Bug report", "Feature form"/],
    [['-t', 'W', '--field', 'summary=x'], /--field fills a form template: name it with --template/],
  ])('%j: exit 2 naming what is wrong, no issue made', async (args, message) => {
    const r = await s.kettle(['issue', 'create', ...args, ...R()]);
    expectExit(r, 2);
    expect(r.stderr).toMatch(message);
    expect(sent(s, 'POST', `/repos/alice/${name}/issues`)).toEqual([]);
  });

  it('a script without --template sends what it was given and reads no template', async () => {
    const r = await s.kettle(['issue', 'create', '-t', 'Plain', '-b', 'Body.', ...R()]);
    expectExit(r, 0);
    expect(s.server.requests.filter((q) => q.path.includes('issue_templates') || q.path.includes('issue_config'))).toEqual([]);
  });

  it('Forgejo reads .forgejo/ISSUE_TEMPLATE; Gitea does not', async () => {
    await commit('.forgejo/ISSUE_TEMPLATE/only.md', '---\nname: Forgejo only\nabout: Here\n---\nHello\n');
    const gitea = await s.kettle(['issue', 'create', '-T', 'Forgejo only', '-t', 'X', ...R()]);
    expectExit(gitea, 2);
    s.server.set({ flavor: { forgejo: true, version: '11.0.1+gitea-1.22.0' } });
    const forgejo = await s.kettle(['issue', 'create', '-T', 'Forgejo only', '-t', 'X', ...R(), '--json']);
    expectExit(forgejo, 0);
    expect(json<{ body: string }>(forgejo).body).toBe('Hello\n');
  });

  it('pr create --template: the base branch pull-request template is the body; another name is refused naming it', async () => {
    await commit('.gitea/pull_request_template.md', '## Why\n\n## How\n');
    expectExit(await s.kettle(['branch', 'create', 'topic', ...R()]), 0);
    await s.kettle(['api', '-X', 'POST', `/repos/alice/${name}/contents/topic.txt`, '-f', `content=${Buffer.from('x').toString('base64')}`, '-f', 'branch=topic', '-f', 'message=Topic']);
    const wrong = await s.kettle(['pr', 'create', '-t', 'Topic', '-H', 'topic', '-B', 'main', '--template', 'other', ...R()]);
    expectExit(wrong, 2);
    expect(wrong.stderr).toMatch(/no template named "other" in alice\/templated-\d+; its pull-request template: pull_request_template\.md/);
    const r = await s.kettle(['pr', 'create', '-t', 'Topic', '-H', 'topic', '-B', 'main', '--template', 'pull_request_template', ...R(), '--json']);
    expectExit(r, 0);
    expect(json<{ body: string }>(r).body).toBe('## Why\n\n## How\n');
    const both = await s.kettle(['pr', 'create', '-t', 'Topic', '-H', 'topic', '-B', 'main', '--template', 'x', '--body', 'y', ...R()]);
    expectExit(both, 2);
  });
});
