// Text from the server shown on a terminal. A title, a label or an error
// message may hold control characters: an escape sequence in an issue title
// could recolour the screen, retitle the window, move the cursor or, on some
// terminals, write to the clipboard. On a terminal they are shown, not obeyed.
// Piped output and --json keep the server's text exactly.

/** C0 controls but tab and line feed, DEL, and the C1 controls. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Control characters made visible: caret notation for C0 and DEL (ESC is ^[,
 * BEL ^G, DEL ^?), <U+009B> for the C1 controls. Tab and line feed stay.
 */
export function visibleControls(text: string): string {
  return text.replace(CONTROLS, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
    if (code === 0x7f) return '^?';
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
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
