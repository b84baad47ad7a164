// The three shapes of answer the resource modules expect: one record, one
// unpaged list, or nothing worth reading. Each checks the shape as kettle
// always has (expectRecord, expectList) and names the request when it is wrong.
import type { ApiClient, RequestOptions } from '../client.js';
import { expectList, expectRecord } from '../response.js';

/** A request answered with one JSON object. */
export async function record<T>(api: ApiClient, method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await api.request(method, path, opts);
  return expectRecord(res.data, method, path, res.status) as T;
}

/** A request answered with one JSON list that the server does not page. */
export async function list<T>(api: ApiClient, method: string, path: string, opts: RequestOptions = {}): Promise<T[]> {
  const res = await api.request(method, path, opts);
  return expectList(res.data, method, path, res.status) as T[];
}

/** A request whose answer is only its status (real servers send 204, or an empty 200). */
export async function done(api: ApiClient, method: string, path: string, opts: RequestOptions = {}): Promise<void> {
  await api.request(method, path, opts);
}
