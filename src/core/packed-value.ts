/**
 * Compact values for tables of very many positions (retrograde analysis,
 * solution files): outcome and remoteness in 2 bytes per position, or in 4
 * when a remoteness does not fit in 2.
 *
 *   Uint16:  outcome in bits 15–14, remoteness in bits 13–0 (at most 16 382)
 *   Uint32:  outcome in bits 31–30, remoteness in bits 29–0
 *
 * The all-ones remoteness stands for "never ends" (Infinity): draws, and the
 * wins and losses of a game that declares who loses endless play. All ones
 * (0xFFFF) is a draw, which is also how a retrograde table starts.
 */

import { OUTCOMES } from './outcome.js';
import type { Value } from './value.js';

/** A table of packed value codes: 2 bytes a position, or 4 when remoteness needs more than 14 bits. */
export type PackedCodes = Uint16Array | Uint32Array;

/** Bits below the outcome: 14 in a Uint16Array, 30 in a Uint32Array. */
export function packedShift(codes: PackedCodes): number {
  return codes.BYTES_PER_ELEMENT * 8 - 2;
}

/** The largest finite remoteness a table of this element size holds. */
export function maxPackedRemoteness(shift: number): number {
  return 2 ** shift - 2;
}

/** Packs an outcome code and a remoteness (Infinity: never ends). */
export function pack(outcome: number, remoteness: number, shift: number): number {
  const mask = 2 ** shift - 1;
  return (outcome * 2 ** shift + (Number.isFinite(remoteness) ? remoteness : mask)) >>> 0;
}

export function packedOutcome(code: number, shift: number): number {
  return code >>> shift;
}

export function packedRemoteness(code: number, shift: number): number {
  const mask = 2 ** shift - 1;
  const r = (code & mask) >>> 0;
  return r === mask ? Number.POSITIVE_INFINITY : r;
}

/** The value a packed code stands for (`shift` from `packedShift`). */
export function unpack(code: number, shift: number): Value {
  return { outcome: OUTCOMES[packedOutcome(code, shift)], remoteness: packedRemoteness(code, shift) };
}

/** The same codes with 30 remoteness bits instead of 14 (when a remoteness outgrows 2 bytes). */
export function widen(codes: Uint16Array): Uint32Array {
  const wide = new Uint32Array(codes.length);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    const r = c & 0x3fff;
    wide[i] = ((c >>> 14) * 2 ** 30 + (r === 0x3fff ? 2 ** 30 - 1 : r)) >>> 0;
  }
  return wide;
}
