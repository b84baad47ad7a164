// The beginnings of a URL, matched in any case without the i flag. V8 sets up
// ICU's case folding the first time a case-insensitive pattern runs: 0.2 to
// 0.3 ms of a command's start-up (`kettle whoami` ran five such patterns, the
// first page of `issue list` six). Without the u flag, /h/i matches h and H
// and nothing else, so [hH] is the same match.

/** Text that starts with a URL scheme and `://` (`https://`, `ssh://`, `git+ssh://`). */
export const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;

/** Text that starts with `http://` or `https://`. */
export const HTTP_SCHEME = /^[hH][tT][tT][pP][sS]?:\/\//;

/** `http://` or `https://`, then something other than a slash: a host. */
export const HTTP_URL = /^[hH][tT][tT][pP][sS]?:\/\/[^/]/;
