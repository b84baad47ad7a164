// Response headers as undici hands them over, and the two ways kettle reads them.

/** A header repeated by the server arrives as an array. */
export type HeaderMap = Record<string, string | string[] | undefined>;

export function headerValue(headers: HeaderMap, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/**
 * A header value that must be a whole number ("42", " 42 "). Anything else,
 * "-1", "1.5" and "1e3" included, counts as absent rather than as a guess.
 */
export function wholeNumber(value: string | undefined): number | undefined {
  return value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
}

export function intHeader(headers: HeaderMap, name: string): number | undefined {
  return wholeNumber(headerValue(headers, name));
}
