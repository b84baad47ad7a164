// The lines of a pull request's diff a comment may go on (src/commands/pr/diff-lines.ts).
import { describe, expect, it } from 'vitest';
import { linesOn, parseDiff, parseSpot, place } from '../../src/commands/pr/diff-lines.js';
import { KettleError, UsageError } from '../../src/errors.js';

// As Gitea 1.27.0 answered GET …/pulls/2.diff for a file renamed and changed (lid.txt → nozzle.txt), then others.
const DIFF = `diff --git a/lid.txt b/nozzle.txt
similarity index 91%
rename from lid.txt
rename to nozzle.txt
index c9e9e05..edf6008 100644
--- a/lid.txt
+++ b/nozzle.txt
@@ -7,4 +7,4 @@ six
 seven
 eight
 nine
-ten
+TEN
diff --git "a/caf\\303\\251.txt" "b/caf\\303\\251.txt"
index 1111111..2222222 100644
--- "a/caf\\303\\251.txt"
+++ "b/caf\\303\\251.txt"
@@ -1 +1 @@
--- a line that starts with dashes
+++ a line that starts with pluses
diff --git a/logo.png b/logo.png
index 3333333..4444444 100644
Binary files a/logo.png and b/logo.png differ
diff --git a/a b/c.txt b/a b/c.txt
new file mode 100644
index 0000000..5555555
--- /dev/null
+++ b/a b/c.txt
@@ -0,0 +1,2 @@
+one
+two
`;

describe('parseDiff', () => {
  const files = parseDiff(DIFF);

  it('reads each file’s paths: renames, quoted names with escapes, spaces, new files', () => {
    expect(files.map((f) => [f.oldPath, f.newPath, f.binary])).toEqual([
      ['lid.txt', 'nozzle.txt', false],
      ['café.txt', 'café.txt', false],
      ['logo.png', 'logo.png', true],
      [undefined, 'a b/c.txt', false],
    ]);
  });

  it('numbers the lines of each side; a hunk line that looks like a header is a line', () => {
    expect(linesOn(files[0] as never, 'new')).toEqual([7, 8, 9, 10]);
    expect(linesOn(files[0] as never, 'old')).toEqual([7, 8, 9, 10]);
    expect(files[1]?.lines).toEqual([
      { kind: '-', old: 1, text: '-- a line that starts with dashes' },
      { kind: '+', new: 1, text: '++ a line that starts with pluses' },
    ]);
    expect(linesOn(files[3] as never, 'old')).toEqual([]);
  });
});

describe('parseSpot', () => {
  it.each([
    ['lid.txt:3', { file: 'lid.txt', side: 'new', start: 3, end: 3 }],
    ['lid.txt:3-5', { file: 'lid.txt', side: 'new', start: 3, end: 5 }],
    ['lid.txt:3:old', { file: 'lid.txt', side: 'old', start: 3, end: 3 }],
    ['a:b.txt:2-2:new', { file: 'a:b.txt', side: 'new', start: 2, end: 2 }],
  ])('%s', (given, want) => {
    expect(parseSpot(given)).toMatchObject({ ...want, given });
  });

  it.each(['lid.txt', ':3', 'lid.txt:x', 'lid.txt:3:mid', 'lid.txt:0', 'lid.txt:4-2'])('refuses %s (usage)', (given) => {
    expect(() => parseSpot(given)).toThrow(UsageError);
  });
});

describe('place', () => {
  const files = parseDiff(DIFF);
  const at = (given: string) => place(files, parseSpot(given), 'pull request #2 in alice/teapot');

  it('keys a renamed file by its new path, given by either name', () => {
    expect(at('lid.txt:10:old')).toEqual({ path: 'nozzle.txt', side: 'old', start: 10, end: 10 });
    expect(at('nozzle.txt:8-10')).toEqual({ path: 'nozzle.txt', side: 'new', start: 8, end: 10 });
  });

  it.each([
    ['nozzle.txt:3', 'line 3 of nozzle.txt is not part of the diff of pull request #2 in alice/teapot; the nearest lines that are: 7 (the diff shows lines 7-10 of the new version)'],
    ['nozzle.txt:11', 'the nearest lines that are: 10 (the diff shows lines 7-10 of the new version)'],
    ['logo.png:1', 'logo.png is a binary file in pull request #2 in alice/teapot, and has no lines to comment on'],
    ['a b/c.txt:1:old', 'a b/c.txt has no old lines in pull request #2 in alice/teapot; it is a new file'],
    ['README.md:1', 'README.md is not changed by pull request #2 in alice/teapot; the files it changes: nozzle.txt, café.txt, logo.png, a b/c.txt'],
  ])('refuses %s, saying why (exit 1)', (given, message) => {
    expect(() => at(given)).toThrow(KettleError);
    expect(() => at(given)).toThrow(message);
  });
});
