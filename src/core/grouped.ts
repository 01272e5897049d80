/**
 * Numbers for people, with thousands separated by commas (`1,234,567`), as
 * `toLocaleString('en-US')` writes them but without it: its first call
 * starts Intl's number formatting, which took 9 ms of a fresh process — as
 * much as solving tic-tac-toe — and many messages are built whether or not
 * they are shown (a budget's refusal).
 */

/** `n` with its thousands grouped; a number that is not a safe integer as `toLocaleString('en-US')` writes it. */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let text = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = text.length; i < digits.length; i += 3) text += `,${digits.slice(i, i + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${text}` : text;
}
