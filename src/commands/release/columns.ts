// How releases and their assets are shown.
import type { Column, Row } from '../../output/printer.js';
import { author } from '../records.js';
import { formatSize } from '../sizes.js';

/** draft, pre-release, latest, or nothing for an older stable release. */
export function releaseKind(r: Row, latestId?: number): string {
  if (r.draft === true) return 'draft';
  if (r.prerelease === true) return 'pre-release';
  return latestId !== undefined && r.id === latestId ? 'latest' : '';
}

function assetLines(r: Row): string {
  const assets = Array.isArray(r.assets) ? (r.assets as Row[]) : [];
  return assets
    .map((a) => {
      const count = typeof a.download_count === 'number' ? a.download_count : 0;
      return `${String(a.name)}  ${formatSize(typeof a.size === 'number' ? a.size : 0)}  ${count} download${count === 1 ? '' : 's'}`;
    })
    .join('\n');
}

// In a window too narrow for every column, the `drop` ranks say which go first.
export function releaseColumns(latestId: number | undefined): Column[] {
  return [
    { key: 'tag_name', header: 'TAG' },
    { key: 'name', header: 'TITLE', flex: true },
    { key: 'type', header: 'TYPE', get: (r) => releaseKind(r, latestId), drop: 2 },
    { key: 'published_at', header: 'PUBLISHED', kind: 'time', get: (r) => r.published_at ?? r.created_at, drop: 1 },
  ];
}

export function releaseViewColumns(latestId?: number): Column[] {
  return [
    { key: 'tag_name', header: 'TAG' },
    { key: 'name', header: 'TITLE' },
    { key: 'type', header: 'TYPE', get: (r) => releaseKind(r, latestId) },
    { key: 'author', header: 'AUTHOR', get: (r) => (r.author as Row | undefined)?.login ?? author(r) },
    { key: 'target_commitish', header: 'TARGET' },
    { key: 'published_at', header: 'PUBLISHED', kind: 'time', get: (r) => r.published_at ?? r.created_at },
    { key: 'html_url', header: 'URL' },
    { key: 'assets', header: 'ASSETS', get: assetLines },
    { key: 'body', header: 'NOTES' },
  ];
}
