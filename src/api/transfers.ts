// Bodies too large to hold (release assets): an upload streamed from a file,
// a download streamed to one. Prepared and rate-limit tracked as every other
// request (ApiClient.headers, ApiClient.exchange), never retried (a stream
// cannot be sent twice), answers checked as request() checks them.
import type { Readable } from 'node:stream';
import { ApiError, KettleError } from '../errors.js';
import { type ApiClient, type ApiResponse, failIfNotOk } from './client.js';
import { headerValue } from './headers.js';
import { decodeSuccess } from './response.js';
import type { StreamAnswer } from './transport.js';
import { buildUrl, type QueryValue } from './url.js';

/** A body sent as a stream: its bytes, how many there are, and what they are. */
export interface StreamedBody {
  body: Readable;
  size: number;
  contentType: string;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** A short answer (a JSON record or an error) read whole, refusing one larger than `max`. */
async function smallText(res: StreamAnswer, max: number, method: string, path: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      res.body.destroy();
      throw new ApiError({ message: `the answer to ${method} ${path} is larger than expected (HTTP ${res.status})`, method, path, status: res.status });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Send a stream (a file being read) as the body of one request, with its size
 * declared up front, and decode the JSON answer as request() does. A 5xx
 * after the bytes went out leaves the outcome unknown.
 */
export async function upload<T = unknown>(api: ApiClient, method: string, path: string, upload: StreamedBody): Promise<ApiResponse<T>> {
  const url = buildUrl(api.root, path, upload.query);
  const headers = api.headers(url, { 'content-type': upload.contentType, 'content-length': String(upload.size) });
  const res = await api.exchange({ method, url, headers, body: upload.body, path, signal: upload.signal });
  const text = await smallText(res, api.maxResponseBytes, method, path);
  const raw = failIfNotOk(method, path, { ...res, text, url: url.toString() }, { uncertain: true, hide: api.echoHider(path) });
  return { status: res.status, headers: res.headers, data: decodeSuccess(raw) as T, url: url.toString() };
}

/**
 * Open a URL's body as a stream (a download the caller writes away). The
 * credentials go with it only while the URL is under the client's server;
 * redirects are followed, and one that leaves the server leaves the
 * credentials behind. Throws ApiError for an answer other than 2xx.
 */
export async function download(api: ApiClient, target: string, signal?: AbortSignal): Promise<StreamAnswer & { url: string }> {
  const parse = (href: string, base?: URL): URL => {
    try {
      return new URL(href, base);
    } catch {
      throw new KettleError(`the server gave no usable download address ("${href}")`);
    }
  };
  let url = parse(target);
  for (let hops = 0; ; hops++) {
    const headers = api.headers(url, { accept: '*/*' });
    const path = url.pathname;
    const res = await api.exchange({ method: 'GET', url, headers, path, signal });
    const location = headerValue(res.headers, 'location');
    if (res.status >= 300 && res.status < 400 && location !== undefined && hops < 5) {
      res.body.resume();
      url = parse(location, url);
      continue;
    }
    if (res.status >= 300) {
      const text = await smallText(res, 64 * 1024, 'GET', path).catch(() => '');
      failIfNotOk('GET', path, { ...res, text, url: url.toString() }, { uncertain: false, hide: api.echoHider(path) });
    }
    return { ...res, url: url.toString() };
  }
}
