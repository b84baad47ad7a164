// Text from the server shown on a terminal. A title, a label or an error
// message may hold control characters: an escape sequence in an issue title
// could recolour the screen, retitle the window, move the cursor or, on some
// terminals, write to the clipboard. It may also hold invisible format
// characters: a right-to-left override makes "txt.exe" read as "exe.txt", and
// zero-width spaces or tag characters hide text from the eye. On a terminal
// they are all shown, not obeyed. Piped output is read by a program, but most
// often one that shows it on a terminal again (`head`, `grep`, `less -R`), so
// it carries no control character either: they are written as escapes there
// (see pipeControls, and plainText in output/cells.ts). --json keeps the server's text
// exactly, JSON-escaped. Only the byte streams a user asks for as they are
// (`kettle api`, `pr diff` in a pipe, `release download -`) pass them through.

/**
 * What is shown rather than obeyed:
 * - the C0 controls but tab and line feed, DEL, and the C1 controls;
 * - the bidirectional marks, embeddings, overrides and isolates: U+061C,
 *   U+200E, U+200F, U+202A–U+202E, U+2066–U+2069;
 * - zero-width and invisible characters: U+180E, U+200B–U+200D, U+2060–U+2065,
 *   the deprecated format characters U+206A–U+206F, U+FEFF, the interlinear
 *   annotation marks U+FFF9–U+FFFB and the tag characters U+E0000–U+E007F;
 * - the line and paragraph separators U+2028 and U+2029.
 * The first alternative is an emoji tag sequence (the flag of Scotland is a
 * black flag, tag characters and a cancel tag): it stays whole.
 */
const SHOWN = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\u{E0000}-\u{E007F}]/gu;

const ZWJ = '\u200d';

/**
 * The expressions with Unicode properties, made on first use: V8 builds each
 * property's set of characters from ICU's tables when the expression is
 * created (about 0.3 ms for this file's three, and a command that shows no
 * joiner or format character needs none of them).
 */
let unicode: { joinedBefore: RegExp; joinedAfter: RegExp; otherFormat: RegExp } | undefined;
function unicodeExpressions() {
  unicode ??= {
    /** What a zero-width joiner joins in an emoji sequence (👩‍💻): a pictograph after a pictograph, its skin tone or VS16. */
    // biome-ignore lint/suspicious/noMisleadingCharacterClass: single code points on purpose (a pictograph, a skin tone, VS16), each tested alone
    joinedBefore: /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u,
    joinedAfter: /^\p{Extended_Pictographic}/u,
    /**
     * The format characters visibleControls leaves (a soft hyphen, the Arabic
     * number signs, …), but a zero-width joiner and a tag character, which it has
     * already judged (it keeps them only inside an emoji sequence).
     */
    otherFormat: /(?![\u200d\u{E0020}-\u{E007F}])\p{Cf}/gu,
  };
  return unicode;
}

/**
 * Control and invisible characters made visible: caret notation for C0 and
 * DEL (ESC is ^[, BEL ^G, DEL ^?), and <U+XXXX>, the code point in hex, for
 * the rest (<U+009B>, <U+202E>, <U+E0041>). Tab and line feed stay, and so
 * does a zero-width joiner inside an emoji sequence (👨‍👩‍👧).
 */
export function visibleControls(text: string): string {
  return text.replace(SHOWN, (c: string, at: number) => {
    if (c.length > 2) return c;
    if (c === ZWJ && unicodeExpressions().joinedBefore.test(text.slice(Math.max(0, at - 2), at)) && unicodeExpressions().joinedAfter.test(text.slice(at + 1, at + 3))) return c;
    const code = c.codePointAt(0) ?? 0;
    if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
    if (code === 0x7f) return '^?';
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}

/**
 * Text in a table cell or on a view's line: as written, with every control
 * character shown (visibleControls), tab (^I) and line feed (^J) too, so a
 * value keeps to its line and its column. It is also normalised to NFC and
 * every format character is shown as <U+XXXX>: composed text and no
 * invisible characters measure the same under every width rule (kettle's and
 * a terminal's), so nothing misaligns a table.
 */
export function visibleCell(text: string): string {
  const composed = PRINTABLE_ASCII.test(text) ? text : text.normalize('NFC');
  return visibleControls(composed)
    .replace(/[\t\n]/g, (c) => (c === '\t' ? '^I' : '^J'))
    .replace(unicodeExpressions().otherFormat, codePointName);
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function codePointName(c: string): string {
  return `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** A control character as the escape printf, JSON and JavaScript all read: \u001b. */
export function unicodeEscape(c: string): string {
  return `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
}

/** The C0 controls but tab and line feed, a carriage return not ending a line, DEL and the C1 controls. */
const PIPE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/**
 * Piped text that keeps its lines and tabs (what --jq prints): every other
 * control character written as a \u escape, so it reaches no terminal the
 * pipe ends in. Inside a JSON string (jq's compact output) the escape means
 * the same character, so JSON stays JSON with the same values.
 */
export function pipeControls(text: string): string {
  return text.replace(PIPE_CONTROLS, unicodeEscape);
}

/**
 * JSON text with DEL and the C1 controls written as \u escapes. JSON.stringify
 * escapes the C0 controls but passes these through, and a terminal obeys some
 * of them (U+009B starts a sequence as ESC [ does). They can only occur inside
 * strings, where the escape means the same: any JSON reader gets the same value.
 */
export function stringifyJson(value: unknown, space?: number): string {
  return (JSON.stringify(value, null, space) ?? 'null').replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
