// kettle release list|view|create|upload|download|edit|delete, run in-process
// against the in-memory server (which keeps asset bytes on disk).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json } from '../support/harness.js';
import { expectExit, expectFailure, expectUsage, record, rows, sent, useServer } from '../support/suite.js';
import { addAsset, addRelease, releaseData, type ReleaseRecord } from '../server/routes-releases.js';

const s = useServer({ runner: 'in-process' });

function releasesOf(owner: string, name: string): ReleaseRecord[] {
  const repo = s.server.state.repo(owner, name);
  if (!repo) throw new Error(`no ${owner}/${name}`);
  return releaseData(s.server.state).releases.filter((r) => r.repoId === repo.id);
}

function releaseOf(tag: string): ReleaseRecord {
  const found = releasesOf('alice', 'teapot').find((r) => r.tag_name === tag);
  if (!found) throw new Error(`no release ${tag}`);
  return found;
}

function tagsOf(owner: string, name: string): string[] {
  const repo = s.server.state.repo(owner, name);
  return releaseData(s.server.state)
    .tags.filter((t) => t.repoId === repo?.id)
    .map((t) => t.name);
}

/** A file in kettle's working folder. */
function file(name: string, content: string | Buffer): string {
  writeFileSync(join(s.dir, name), content);
  return name;
}

describe('release list', () => {
  it('lists tag, title, kind and publication time, newest first, marking the latest', async () => {
    const r = await s.kettle(['release', 'list', '-R', 'alice/teapot']);
    expectExit(r, 0);
    const expected = [...releasesOf('alice', 'teapot')]
      .sort((a, b) => b.id - a.id)
      .map((x) => [x.tag_name, x.name, x.draft ? 'draft' : x.prerelease ? 'pre-release' : x.tag_name === 'v1.0' ? 'latest' : '', x.published_at ?? x.created_at]);
    expect(rows(r.stdout)).toEqual(expected);
    expect(rows(r.stdout).map((row) => row[2])).toEqual(expect.arrayContaining(['draft', 'pre-release', 'latest']));
  });

  it('--json: the server records; --limit keeps the newest', async () => {
    const r = await s.kettle(['release', 'list', '-R', 'alice/teapot', '--json', '--limit', '2']);
    expectExit(r, 0);
    const list = json<Array<{ tag_name: string; assets: unknown[] }>>(r);
    const newest = [...releasesOf('alice', 'teapot')].sort((a, b) => b.id - a.id).slice(0, 2);
    expect(list.map((x) => x.tag_name)).toEqual(newest.map((x) => x.tag_name));
    expect(sent(s, 'GET', '/repos/alice/teapot/releases/latest')).toEqual([]);
  });

  it('a repository without releases lists nothing; a missing one is named', async () => {
    const r = await s.kettle(['release', 'list', '-R', 'bob/toolbox']);
    expectExit(r, 0);
    expect(r.stdout).toBe('');
    expectFailure(await s.kettle(['release', 'list', '-R', 'alice/nope']), 'repository alice/nope not found');
  });
});

describe('release view', () => {
  it('without a tag: the latest release, with its notes and its assets, sizes and download counts', async () => {
    const r = await s.kettle(['release', 'view', '-R', 'alice/teapot']);
    expectExit(r, 0);
    const view = record(r.stdout);
    const v1 = releaseOf('v1.0');
    expect(view).toMatchObject({ tag_name: 'v1.0', name: 'Teapot 1.0', type: 'latest', target_commitish: 'main' });
    // Piped rows write a line break as \n, so the value stays one line and can be recovered.
    expect(view.body).toBe(v1.body.replace(/\n/g, '\\n'));
    const [archive, sums] = v1.assets;
    expect(view.assets).toBe(`${archive?.name}  1.7 KiB  0 downloads\\n${sums?.name}  ${sums?.size} B  0 downloads`);
    expect(sent(s, 'GET').map((q) => q.path)).toEqual(['/repos/alice/teapot/releases/latest']);
  });

  it('a tag: that release; --json: the record', async () => {
    const r = await s.kettle(['release', 'view', 'v1.1-rc.1', '-R', 'alice/teapot', '--json']);
    expectExit(r, 0);
    expect(json<{ id: number; prerelease: boolean }>(r)).toMatchObject({ id: releaseOf('v1.1-rc.1').id, prerelease: true });
  });

  it('names a missing release, and says when there is no published one', async () => {
    expectFailure(await s.kettle(['release', 'view', 'v9', '-R', 'alice/teapot']), 'release v9 of alice/teapot not found');
    expectFailure(await s.kettle(['release', 'view', '-R', 'bob/toolbox']), /^kettle: a published release of bob\/toolbox .*not found$/);
  });
});

describe('release create', () => {
  it('sends the tag, title, notes, target and flags; the files become assets with the same bytes', async () => {
    const a = file('teapot-2.0.tar.gz', Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251)));
    const b = file('NOTES.txt', 'plain notes\n');
    const r = await s.kettle(['release', 'create', 'v2.0', a, b, '-R', 'alice/teapot', '--title', 'Two', '--notes', 'Bigger spout', '--target', 'fix/spout', '--prerelease', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/alice/teapot/releases')[0]?.body).toEqual({ tag_name: 'v2.0', name: 'Two', body: 'Bigger spout', target_commitish: 'fix/spout', draft: false, prerelease: true });
    const made = releaseOf('v2.0');
    expect(made.assets.map((x) => x.name)).toEqual(['teapot-2.0.tar.gz', 'NOTES.txt']);
    for (const asset of made.assets) expect(readFileSync(asset.file)).toEqual(readFileSync(join(s.dir, asset.name)));
    const uploads = sent(s, 'POST', `/repos/alice/teapot/releases/${made.id}/assets`);
    expect(uploads.map((q) => [q.query.name, q.headers['content-type'], q.bodyBytes])).toEqual([
      ['teapot-2.0.tar.gz', 'application/octet-stream', 70_000],
      ['NOTES.txt', 'application/octet-stream', 12],
    ]);
    expect(json<{ assets: Array<{ name: string }> }>(r).assets.map((x) => x.name)).toEqual(['teapot-2.0.tar.gz', 'NOTES.txt']);
    expect(r.stderr).toContain('✓ Created release v2.0 in alice/teapot');
    expect(tagsOf('alice', 'teapot')).toContain('v2.0');
  });

  it('--notes-file - reads standard input; the title defaults to the tag; --draft makes no tag yet', async () => {
    const r = await s.kettle(['release', 'create', 'v2.1', '-R', 'alice/teapot', '--notes-file', '-', '--draft'], { input: 'From stdin\n' });
    expectExit(r, 0);
    expect(sent(s, 'POST', '/repos/alice/teapot/releases')[0]?.body).toEqual({ tag_name: 'v2.1', name: 'v2.1', body: 'From stdin\n', draft: true, prerelease: false });
    expect(tagsOf('alice', 'teapot')).not.toContain('v2.1');
  });

  it.each([
    [['v3', 'missing.bin'], /cannot read missing\.bin: no such file/],
    [['v3', '--notes', 'a', '--notes-file', 'b'], /either --notes or --notes-file/],
    [['bad tag'], /invalid tag "bad tag"/],
    [['v3', '--title', ' '], /--title must not be empty/],
  ])('refuses %j before any request', async (args, message) => {
    expectUsage(s, await s.kettle(['release', 'create', ...args, '-R', 'alice/teapot']), message);
  });

  it('an upload that fails leaves the release, names the file and the command that finishes the job', async () => {
    const good = file('good.bin', 'good');
    const bad = file('bad one.bin', 'bad');
    s.server.fault({ kind: 'status', status: 500, method: 'POST', path: /\/assets$/, skip: 1 });
    const r = await s.kettle(['release', 'create', 'v4.0', good, bad, '-R', 'alice/teapot', '--notes', 'x']);
    expectExit(r, 1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([expect.stringMatching(/^✓ Created release v4\.0 in alice\/teapot /), '✓ Uploaded good.bin (4 B)']);
    expect(lines[2]).toBe('kettle: release v4.0 was created, but 1 of 2 files did not upload: bad one.bin');
    expect(lines).toContain("  Finish with:  kettle release upload v4.0 'bad one.bin' -R alice/teapot");
    expect(releaseOf('v4.0').assets.map((x) => x.name)).toEqual(['good.bin']);
  });

  it('a tag that has a release already: says the release exists', async () => {
    expectFailure(await s.kettle(['release', 'create', 'v1.0', '-R', 'alice/teapot', '--notes', 'again']), /^kettle: the release for tag v1\.0 already exists in alice\/teapot; nothing was changed/);
  });
});

describe('release upload', () => {
  it('adds assets; an asset of the same name is refused without --clobber and replaced with it', async () => {
    await s.kettle(['release', 'create', 'v5.0', '-R', 'alice/teapot', '--notes', 'x']);
    const f = file('tool.bin', 'version one');
    expectExit(await s.kettle(['release', 'upload', 'v5.0', f, '-R', 'alice/teapot']), 0);
    writeFileSync(join(s.dir, f), 'version two, longer');
    const refused = await s.kettle(['release', 'upload', 'v5.0', f, '-R', 'alice/teapot']);
    const lines = expectFailure(refused, 'on release v5.0, 1 of 1 file did not upload: tool.bin');
    expect(lines[1]).toBe('  tool.bin: the release already has an asset tool.bin (--clobber replaces it)');
    expect(releaseOf('v5.0').assets.map((x) => x.size)).toEqual([11]);

    s.server.resetRequests();
    expectExit(await s.kettle(['release', 'upload', 'v5.0', f, '-R', 'alice/teapot', '--clobber']), 0);
    const assets = releaseOf('v5.0').assets;
    expect(assets.map((x) => [x.name, x.size])).toEqual([['tool.bin', 19]]);
    expect(readFileSync(assets[0]?.file as string, 'utf8')).toBe('version two, longer');
    expect(s.server.requests.map((q) => q.method).filter((m) => m !== 'GET')).toEqual(['DELETE', 'POST']);
  });

  it('a size the server got wrong is a failure', async () => {
    await s.kettle(['release', 'create', 'v5.1', '-R', 'alice/teapot', '--notes', 'x']);
    const f = file('short.bin', '0123456789');
    const answer = JSON.stringify({ id: 999, name: 'short.bin', size: 4, download_count: 0, uuid: 'u', browser_download_url: 'x' });
    s.server.fault({ kind: 'status', status: 201, method: 'POST', path: /\/assets$/, body: answer });
    const lines = expectFailure(await s.kettle(['release', 'upload', 'v5.1', f, '-R', 'alice/teapot']), /did not upload: short\.bin$/);
    expect(lines[1]).toBe('  short.bin: the server holds 4 bytes of short.bin, not 10');
  });
});

describe('release download', () => {
  it('writes every asset, byte for byte, and counts the download; nothing else is left in the folder', async () => {
    const r = await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot']);
    expectExit(r, 0);
    const v1 = releaseOf('v1.0');
    for (const asset of v1.assets) {
      expect(readFileSync(join(s.dir, asset.name))).toEqual(readFileSync(asset.file));
      expect(asset.download_count).toBeGreaterThan(0);
    }
    expect(readdirSync(s.dir).sort()).toEqual(v1.assets.map((x) => x.name).sort());
    expect(r.stderr).toContain('✓ Downloaded teapot-1.0.tar.gz (1.7 KiB)');
  });

  it('--dir - writes the one asset that matches to standard output, byte for byte, and no file', async () => {
    const r = await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '-p', 'checksums.txt', '--dir', '-']);
    expectExit(r, 0);
    const sums = releaseOf('v1.0').assets.find((a) => a.name === 'checksums.txt');
    expect(r.stdout).toBe(readFileSync(sums?.file as string, 'utf8'));
    expect(readdirSync(s.dir)).toEqual([]);
  });

  it('release download - is the latest release to standard output, as --dir - with its tag', async () => {
    const r = await s.kettle(['release', 'download', '-', '-R', 'alice/teapot', '-p', 'checksums.txt']);
    expect(sent(s, 'GET').map((q) => q.path)).toContain('/repos/alice/teapot/releases/latest');
    const latest = record((await s.kettle(['release', 'view', '-R', 'alice/teapot'])).stdout).tag_name as string;
    const same = await s.kettle(['release', 'download', latest, '-R', 'alice/teapot', '-p', 'checksums.txt', '--dir', '-']);
    expect([r.code, r.stdout, r.stderr]).toEqual([same.code, same.stdout, same.stderr]);
    expect(readdirSync(s.dir)).toEqual([]);
  });

  it('--dir - with more than one asset matching: exit 2 naming them, nothing written', async () => {
    const r = await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '-D', '-']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^kettle: --dir - writes one asset to standard output; 2 match \(.*checksums\.txt.*\): narrow it with --pattern\n$/);
    expect(r.stdout).toBe('');
  });

  it('--pattern picks assets by glob; --dir writes elsewhere, making the folder', async () => {
    const r = await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '--pattern', '*.tar.?z', '--dir', 'out/sub']);
    expectExit(r, 0);
    expect(readdirSync(join(s.dir, 'out', 'sub'))).toEqual(['teapot-1.0.tar.gz']);
  });

  it('refuses to overwrite a file without --clobber, and overwrites it with', async () => {
    file('checksums.txt', 'mine');
    const r = await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '-p', 'checksums.*']);
    expectFailure(r, 'checksums.txt already exists; pass --clobber to overwrite');
    expect(readFileSync(join(s.dir, 'checksums.txt'), 'utf8')).toBe('mine');
    expectExit(await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '-p', 'checksums.*', '--clobber']), 0);
    expect(readFileSync(join(s.dir, 'checksums.txt'))).toEqual(readFileSync(releaseOf('v1.0').assets[1]?.file as string));
  });

  it('a pattern that matches nothing says so', async () => {
    expectFailure(await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '-p', '*.zip', '-p', '*.deb']), 'no asset of release v1.0 of alice/teapot matches "*.zip" or "*.deb"');
  });

  it('fewer bytes than the server announced: a failure, and no file under the name', async () => {
    const asset = releaseOf('v1.0').assets[1];
    if (!asset) throw new Error('seed changed');
    const real = asset.size;
    asset.size = real + 5;
    try {
      const r = await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '-p', asset.name]);
      expectExit(r, 1);
      expect(r.stderr).toMatch(/^kettle: cannot download checksums\.txt: /);
      expect(readdirSync(s.dir)).toEqual([]);
    } finally {
      asset.size = real;
    }
  });

  it("sends the token with a download under the login's server, and never to another host", async () => {
    expectExit(await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '-p', 'checksums.txt']), 0);
    expect(s.server.webRequests.map((q) => q.headers.authorization)).toEqual([`token ${s.token}`]);

    const seen: Array<string | undefined> = [];
    const elsewhere = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(200, { 'content-length': '3' });
      res.end('abc');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const data = releaseData(s.server.state);
    // Same host, another port: another server.
    data.downloadRoot = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      mkdirSync(join(s.dir, 'x'));
      const r = await s.kettle(['release', 'download', 'v1.0', '-R', 'alice/teapot', '-p', 'checksums.txt', '-D', 'x']);
      expectExit(r, 1);
      expect(seen).toEqual([undefined]);
    } finally {
      data.downloadRoot = undefined;
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});

describe('release edit', () => {
  it('sends only what is given and differs', async () => {
    await s.kettle(['release', 'create', 'v6.0', '-R', 'alice/teapot', '--notes', 'old', '--draft']);
    s.server.resetRequests();
    const r = await s.kettle(['release', 'edit', 'v6.0', '-R', 'alice/teapot', '--title', 'Six', '--notes', 'old', '--publish', '--stable', '--json']);
    expectExit(r, 0);
    expect(sent(s, 'PATCH')[0]?.body).toEqual({ name: 'Six', draft: false });
    expect(releaseOf('v6.0')).toMatchObject({ name: 'Six', draft: false, body: 'old' });
    expect(tagsOf('alice', 'teapot')).toContain('v6.0');
  });

  it('nothing to change: exit 0 with a note and nothing sent; nothing given: a usage error', async () => {
    const r = await s.kettle(['release', 'edit', 'v1.0', '-R', 'alice/teapot', '--stable', '--title', 'Teapot 1.0']);
    expectExit(r, 0);
    expect(r.stderr).toBe('release v1.0 of alice/teapot already is as asked; nothing changed\n');
    expect(sent(s, 'PATCH')).toEqual([]);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['release', 'edit', 'v1.0', '-R', 'alice/teapot']), /nothing to change/);
    expectUsage(s, await s.kettle(['release', 'edit', 'v1.0', '-R', 'alice/teapot', '--draft', '--publish']), /either --draft or --publish/);
  });
});

describe('release create in a repository without commits', () => {
  // routers/api/v1/repo/release.go CreateRelease: 422 "repo is empty" on every release examined.
  it('is a failure naming why, and nothing is made', async () => {
    s.server.state.addRepo('alice', 'no-commits', {});
    const r = await s.kettle(['release', 'create', 'v1.0', '-R', 'alice/no-commits', '--notes', 'x']);
    expectExit(r, 1);
    expect(r.stderr).toMatch(/repo is empty/);
    expect(releasesOf('alice', 'no-commits')).toEqual([]);
  });
});

describe('release edit: empty notes', () => {
  // routers/api/v1/repo/release.go EditRelease: body (and name, tag_name, target_commitish) only when len > 0.
  it.each([['--notes'], ['--notes-file']])('%s giving empty notes is refused, nothing sent, the notes kept', async (flag) => {
    const flags = flag === '--notes' ? [flag, ''] : [flag, join(s.dir, file('empty-notes.md', ''))];
    await s.kettle(['release', 'create', 'v6.1', '-R', 'alice/teapot', '--notes', 'Keep me']);
    s.server.resetRequests();
    const r = await s.kettle(['release', 'edit', 'v6.1', '-R', 'alice/teapot', ...flags, '--title', 'Six one']);
    expectExit(r, 2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      "kettle: the server cannot empty the notes of release v6.1 of alice/teapot through its API (it ignores empty notes); nothing was changed: clear them on the release's page in the web interface, or give new notes\n",
    );
    expect(sent(s, 'PATCH')).toEqual([]);
    expect(releaseOf('v6.1')).toMatchObject({ body: 'Keep me', name: 'v6.1' });
  });

  it('empty notes on a release that has none: nothing to change, exit 0', async () => {
    await s.kettle(['release', 'create', 'v6.2', '-R', 'alice/teapot']);
    s.server.resetRequests();
    const r = await s.kettle(['release', 'edit', 'v6.2', '-R', 'alice/teapot', '--notes', '']);
    expectExit(r, 0);
    expect(sent(s, 'PATCH')).toEqual([]);
  });

  it('the in-memory server, like the real one, keeps notes and title sent empty', async () => {
    await s.kettle(['release', 'create', 'v6.3', '-R', 'alice/teapot', '--notes', 'Still here', '--title', 'Kept']);
    const id = releaseOf('v6.3').id;
    expectExit(await s.kettle(['api', '-X', 'PATCH', `/repos/alice/teapot/releases/${id}`, '-f', 'body=', '-f', 'name=']), 0);
    expect(releaseOf('v6.3')).toMatchObject({ body: 'Still here', name: 'Kept' });
  });
});

describe('release delete', () => {
  it('needs --yes without a terminal; deletes the release and keeps the tag, or with --cleanup-tag deletes both', async () => {
    await s.kettle(['release', 'create', 'v7.0', '-R', 'alice/teapot', '--notes', 'x']);
    await s.kettle(['release', 'create', 'v7.1', '-R', 'alice/teapot', '--notes', 'x']);
    s.server.resetRequests();
    expectUsage(s, await s.kettle(['release', 'delete', 'v7.0', '-R', 'alice/teapot']), /refusing to delete release v7\.0 of alice\/teapot without confirmation; pass --yes/);

    expectExit(await s.kettle(['release', 'delete', 'v7.0', '-R', 'alice/teapot', '--yes']), 0);
    expect(releasesOf('alice', 'teapot').map((x) => x.tag_name)).not.toContain('v7.0');
    expect(tagsOf('alice', 'teapot')).toContain('v7.0');

    const r = await s.kettle(['release', 'delete', 'v7.1', '-R', 'alice/teapot', '--yes', '--cleanup-tag']);
    expectExit(r, 0);
    expect(tagsOf('alice', 'teapot')).not.toContain('v7.1');
    expect(
      sent(s, 'DELETE')
        .map((q) => q.path)
        .slice(-1),
    ).toEqual(['/repos/alice/teapot/tags/v7.1']);
    expect(r.stderr).toBe('✓ Deleted release v7.1 of alice/teapot\n✓ Deleted tag v7.1 of alice/teapot\n');
  });

  it('a missing release is named; nothing is deleted', async () => {
    expectFailure(await s.kettle(['release', 'delete', 'v404', '-R', 'alice/teapot', '--yes', '--cleanup-tag']), 'release v404 of alice/teapot not found');
    expect(sent(s, 'DELETE')).toEqual([]);
    expect(existsSync(s.dir)).toBe(true);
  });
});

describe('release download of an asset named with control characters', () => {
  it.each([
    ['ESC', 'esc\u001b[31mred.txt', 'esc^[[31mred.txt'],
    ['BEL', 'bell\u0007.txt', 'bell^G.txt'],
    ['DEL', 'del\u007f.txt', 'del^?.txt'],
    ['a C1 control', 'csi\u009b2J.txt', 'csi<U+009B>2J.txt'],
    ['a right-to-left override', 'invoice\u202Etxt.exe', 'invoice<U+202E>txt.exe'],
  ])('%s: refused before any byte is fetched, the name shown escaped, nothing written', async (_what, name, shown) => {
    const repo = s.server.state.repo('alice', 'teapot');
    if (!repo) throw new Error('seed changed');
    const tag = `v-ctl-${Math.random().toString(36).slice(2, 8)}`;
    const release = addRelease(s.server.state, repo, 'alice', { tag, name: tag, body: '' });
    await addAsset(s.server.state, release, 'fine.txt', 'fine\n');
    const hostile = await addAsset(s.server.state, release, name, 'hostile\n');
    const r = await s.kettle(['release', 'download', tag, '-R', 'alice/teapot']);
    expectExit(r, 1);
    expect(r.stderr).toBe(
      `kettle: the server named an asset "${shown}", which holds a control character; kettle writes no such file (--pattern and --dir - write it to standard output, for a name of your own)\n`,
    );
    expect(readdirSync(s.dir)).toEqual([]);
    expect(hostile.download_count).toBe(0);
    // The way out the message gives: the bytes to standard output.
    const out = await s.kettle(['release', 'download', tag, '-R', 'alice/teapot', '-p', `${name.slice(0, 3)}*`, '--dir', '-']);
    expectExit(out, 0);
    expect(out.stdout).toBe('hostile\n');
    expect(hostile.download_count).toBe(1);
  });
});
