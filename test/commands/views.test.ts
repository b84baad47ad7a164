// Record views on a terminal: issue view and release view laid out as pr view
// is (title, state and who, labelled fields, the text, the web address), with
// no empty fields shown as blank lines, and release assets in aligned columns.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../support/harness.js';
import { expectExit, useServer } from '../support/suite.js';

const s = useServer({ runner: 'in-process' });

/** kettle with a terminal stdout and no pager. */
function onTerminal(args: string[]): Promise<RunResult> {
  return s.kettle(args, { tty: { stdout: true }, columns: 100, env: { KETTLE_PAGER: '', NO_COLOR: '1' } });
}

/** The lines of a view, without trailing blanks. */
function lines(r: RunResult): string[] {
  expectExit(r, 0);
  return r.stdout.trimEnd().split('\n');
}

describe('issue view on a terminal', () => {
  it('has a title line, a state line, aligned labelled fields and the body, as pr view', async () => {
    const created = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Lid rattles', '--body', 'First line\nSecond line', '--label', 'bug', '--json']);
    const number = (JSON.parse(created.stdout) as { number: number }).number;
    const view = lines(await onTerminal(['issue', 'view', String(number), '-R', 'alice/teapot']));
    if (process.env.SHOW_VIEWS) console.log(view.join('\n'));
    expect(view[0]).toBe(`Lid rattles #${number}`);
    expect(view[1]).toMatch(/^open • alice opened .+ • 0 comments$/);
    expect(view).toContain('Labels:    bug');
    expect(view).toContain('Assignees: —');
    expect(view).toContain('Milestone: —');
    expect(view).toContain('  First line');
    expect(view).toContain('  Second line');
    expect(view.at(-1)).toMatch(new RegExp(`^View it on the web: http://.*/alice/teapot/issues/${number}$`));
    // No flat dump: no lower-case "key:" lines, no line that is a label with nothing after it.
    expect(view.filter((l) => /^[a-z_]+:\s*$/.test(l))).toEqual([]);
    expect(view.filter((l) => /^(number|title|state|html_url|body):/.test(l))).toEqual([]);
  });

  it('an issue without a body says so', async () => {
    const created = await s.kettle(['issue', 'create', '-R', 'alice/teapot', '--title', 'Bare', '--json']);
    const number = (JSON.parse(created.stdout) as { number: number }).number;
    expect(lines(await onTerminal(['issue', 'view', String(number), '-R', 'alice/teapot']))).toContain('No description provided.');
  });

  it('--fields still picks the fields, labelled', async () => {
    const view = lines(await onTerminal(['issue', 'view', '1', '-R', 'alice/teapot', '--fields', 'number,title']));
    expect(view).toHaveLength(2);
    expect(view[0]).toMatch(/^number:\s+1$/);
  });
});

describe('release view on a terminal', () => {
  it('has a title line, kind and who, the notes and the assets in aligned columns', async () => {
    const tag = 'v7.0.0';
    expectExit(await s.kettle(['release', 'create', tag, '-R', 'alice/teapot', '--title', 'Seven', '--notes', 'What is new']), 0);
    const dir = s.dir;
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    writeFileSync(join(dir, 'a.txt'), 'x');
    writeFileSync(join(dir, 'a-much-longer-asset-name.tar.gz'), 'y'.repeat(5000));
    expectExit(await s.kettle(['release', 'upload', tag, 'a.txt', 'a-much-longer-asset-name.tar.gz', '-R', 'alice/teapot'], { cwd: dir }), 0);
    const view = lines(await onTerminal(['release', 'view', tag, '-R', 'alice/teapot']));
    if (process.env.SHOW_VIEWS) console.log(view.join('\n'));
    expect(view[0]).toBe(`Seven ${tag}`);
    expect(view[1]).toMatch(/^latest • alice published .+ • from main$/);
    expect(view).toContain('  What is new');
    const header = view.findIndex((l) => /^\s+NAME\s+SIZE\s+DOWNLOADS$/.test(l));
    expect(header).toBeGreaterThan(0);
    const rows = view.slice(header, header + 3);
    // Columns aligned: each column ends where its header ends (sizes and counts right-aligned).
    const sizeEnd = (rows[0] as string).indexOf('SIZE') + 'SIZE'.length;
    const countEnd = (rows[0] as string).length;
    for (const row of rows.slice(1)) {
      expect(row.length).toBe(countEnd);
      expect(row.slice(0, sizeEnd)).toMatch(/(B|KiB)$/);
    }
    expect(
      rows
        .slice(1)
        .map((r) => r.trim().split(/\s{2,}/)[0])
        .sort(),
    ).toEqual(['a-much-longer-asset-name.tar.gz', 'a.txt']);
    expect(view.at(-1)).toMatch(new RegExp(`^View it on the web: http://.*/releases/tag/${tag.replace(/\./g, '\\.')}$`));
    expectExit(await s.kettle(['release', 'delete', tag, '-R', 'alice/teapot', '--yes']), 0);
  });

  it('a release without notes or assets says so', async () => {
    expectExit(await s.kettle(['release', 'create', 'v7.1.0', '-R', 'alice/teapot', '--draft']), 0);
    const view = lines(await onTerminal(['release', 'view', 'v7.1.0', '-R', 'alice/teapot']));
    expect(view[1]).toMatch(/^draft • alice drafted/);
    expect(view).toContain('No release notes.');
    expect(view).toContain('No assets.');
    expectExit(await s.kettle(['release', 'delete', 'v7.1.0', '-R', 'alice/teapot', '--yes']), 0);
  });
});
