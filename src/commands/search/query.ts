// What the search verbs share: the query, checked before any request.
import { UsageError } from '../../errors.js';

export function queryText(value: string): string {
  const q = value.trim();
  if (q === '') throw new UsageError('the search query is empty; say what to look for');
  return q;
}
