// How repositories are shown.
import { createdAt, updatedAt } from '../api/response.js';
import type { Column } from '../output/printer.js';

// In a window too narrow for every column, the `drop` ranks say which go first.
export const repoColumns: Column[] = [
  { key: 'full_name', header: 'NAME' },
  { key: 'description', header: 'DESCRIPTION', flex: true, drop: 3 },
  { key: 'visibility', header: 'VISIBILITY', get: (r) => (r.private ? 'private' : 'public'), drop: 2 },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updatedAt, drop: 1 },
];

export const repoViewColumns: Column[] = [
  { key: 'full_name', header: 'NAME' },
  { key: 'description', header: 'DESCRIPTION' },
  { key: 'visibility', header: 'VISIBILITY', get: (r) => (r.private ? 'private' : 'public') },
  { key: 'default_branch', header: 'DEFAULT BRANCH' },
  { key: 'stars_count', header: 'STARS' },
  { key: 'forks_count', header: 'FORKS' },
  { key: 'open_issues_count', header: 'OPEN ISSUES' },
  { key: 'html_url', header: 'URL' },
  { key: 'clone_url', header: 'CLONE' },
  { key: 'ssh_url', header: 'SSH' },
  { key: 'created_at', header: 'CREATED', kind: 'time', get: createdAt },
  { key: 'updated_at', header: 'UPDATED', kind: 'time', get: updatedAt },
];
