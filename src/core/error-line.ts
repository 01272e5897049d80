/**
 * The one line a user's mistake prints on stderr: whatever the message holds
 * (a token of the input, a file name, a game id, text from a user's module),
 * it is one line of printable text of bounded length. Line breaks and other
 * control characters (ESC, NUL, …) are shown escaped, so they can neither
 * break the line nor reach the terminal raw, and an overlong message keeps its
 * beginning and its end around a note of what was left out.
 */

import { grouped } from './grouped.js';

/** Longest line printed; a 10 MB token in a message does not reach the terminal whole. */
export const MAX_ERROR_LINE = 600;
const HEAD = 400;
const TAIL = 150;

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

function escapeControl(c: string): string {
  if (c === '\n') return '\\n';
  if (c === '\r') return '\\r';
  if (c === '\t') return '\\t';
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}

function escapeControls(text: string): string {
  let out = '';
  for (const c of text) out += isControl(c.charCodeAt(0)) ? escapeControl(c) : c;
  return out;
}

/** `message` as one printable line of at most about MAX_ERROR_LINE characters. */
export function errorLine(message: string): string {
  // Cut before escaping, so a huge message costs no more than its ends.
  let text = message;
  if (text.length > MAX_ERROR_LINE) {
    const left = text.length - HEAD - TAIL;
    text = `${text.slice(0, HEAD)}… (${grouped(left)} characters left out) …${text.slice(-TAIL)}`;
  }
  text = escapeControls(text);
  return text.length > MAX_ERROR_LINE * 4 ? `${text.slice(0, MAX_ERROR_LINE * 4)}…` : text;
}
