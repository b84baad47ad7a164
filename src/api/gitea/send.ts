// The three shapes of answer the resource modules expect: one record, one
// unpaged list, or nothing worth reading. Each checks the shape as kettle
// always has (expectRecord, expectList) and names the request when it is wrong.
import type { ApiClient, RequestOptions } from '../client.js';
import { expectFields, expectList, expectPresent, expectRecord, type Shape } from '../response.js';

/**
 * A request answered with one JSON object (the fields its shape names of the
 * kinds it names; those `required` names present: a made record's id).
 */
export async function record<T>(api: ApiClient, method: string, path: string, opts: RequestOptions = {}, shape?: Shape, required?: { what: string; keys: readonly string[] }): Promise<T> {
  const res = await api.request(method, path, opts);
  const data = expectRecord(res.data, method, path, res.status);
  if (shape) expectFields(data, shape, method, path, res.status);
  if (required) expectPresent(data, required.keys, required.what, method, path, res.status);
  return data as T;
}

/** A request answered with one JSON list that the server does not page. */
export async function list<T>(api: ApiClient, method: string, path: string, opts: RequestOptions = {}, shape?: Shape): Promise<T[]> {
  const res = await api.request(method, path, opts);
  const items = expectList(res.data, method, path, res.status);
  if (shape) for (const item of items) if (typeof item === 'object' && item !== null) expectFields(item as Record<string, unknown>, shape, method, path, res.status);
  return items as T[];
}

/** A request whose answer is only its status (real servers send 204, or an empty 200). */
export async function done(api: ApiClient, method: string, path: string, opts: RequestOptions = {}): Promise<void> {
  await api.request(method, path, opts);
}
