/**
 * Compact values for tables of very many positions (retrograde analysis, tier
 * files, solution files): outcome and remoteness in 1, 2 or 4 bytes per
 * position.
 *
 *   wl8:       1 byte for win/lose/draw games whose remoteness stays below
 *              127: lose in r → r, win in r → 128 + r, draw → 255
 *   parity8:   1 byte for win/lose/draw games whose wins all end after an odd
 *              number of plies and losses after an even one (no extra turns,
 *              every win primitive in 1, every loss primitive in 0: Dobutsu
 *              shogi), remoteness up to 253: r → r, draw → 255
 *   packed16:  outcome in bits 15–14, remoteness in bits 13–0 (at most 16 382)
 *   packed32:  outcome in bits 31–30, remoteness in bits 29–0
 *   margin8:   scoring games: the margin alone, a signed byte within ±126
 *              (−128: unsettled), no remoteness — endgame databases that
 *              a search reads for margins only
 *
 * In every encoding the all-ones code stands for "never ends": a draw, which
 * is also how a retrograde table starts (unsettled). In the packed encodings
 * the all-ones remoteness is Infinity, so the wins and losses of a game that
 * declares who loses endless play fit too; wl8 holds neither those nor ties,
 * and a table outgrows it (or packed16) by widening.
 */

import { DRAW, LOSE, OUTCOMES, TIE, WIN } from './outcome.js';
import type { Value } from './value.js';

/** A table of packed value codes: 2 bytes a position, or 4 when remoteness needs more than 14 bits. */
export type PackedCodes = Uint16Array | Uint32Array;
/** A table of value codes in one of the encodings below: 1, 2 or 4 bytes a position. */
export type CompactCodes = Uint8Array | Uint16Array | Uint32Array;
/**
 * The encodings: `wl8` (wins and losses, one byte), `parity8` (one byte while wins fall in odd plies and
 * losses in even ones), `packed16` and `packed32` (every value, 2 or 4 bytes), `margin8` (a scoring
 * game's margins, one byte).
 */
export type EncodingName = 'wl8' | 'parity8' | 'packed16' | 'packed32' | 'margin8';

/** An encoding: what it holds and how a value becomes a code. */
export interface Encoding {
  name: EncodingName;
  bytes: 1 | 2 | 4;
  /** The all-ones code: never ends (a draw; an unsettled position while solving). */
  unsettled: number;
  /** The largest finite remoteness a code holds. */
  maxRemoteness: number;
  /** Ties and the endless wins and losses of a game that declares who loses endless play. */
  holdsTiesAndEndless: boolean;
  /** The code of an outcome code and a remoteness (Infinity: never ends). */
  encode(outcome: number, remoteness: number): number;
  /** The outcome code a code holds. */
  outcome(code: number): number;
  /** The remoteness a code holds (Infinity: never ends). */
  remoteness(code: number): number;
  /** A table of n codes of this encoding, all unsettled, over `buffer` when given (e.g. shared memory). */
  table(n: number, buffer?: ArrayBufferLike): CompactCodes;
  /** Margin encodings: the margin a code holds (their `encode` takes no outcome: `encodeMargin`). */
  margin?(code: number): number;
}

function packed(name: 'packed16' | 'packed32', bytes: 2 | 4): Encoding {
  const shift = bytes * 8 - 2;
  const unit = 2 ** shift;
  const mask = unit - 1;
  const all = 2 ** (bytes * 8) - 1;
  return {
    name,
    bytes,
    unsettled: all,
    maxRemoteness: mask - 1,
    holdsTiesAndEndless: true,
    encode: (outcome, r) => outcome * unit + (Number.isFinite(r) ? r : mask),
    outcome: (code) => Math.floor(code / unit),
    remoteness: (code) => {
      const r = code % unit;
      return r === mask ? Number.POSITIVE_INFINITY : r;
    },
    table(n, buffer) {
      const t =
        bytes === 2
          ? new Uint16Array(buffer ?? new ArrayBuffer(2 * n), 0, n)
          : new Uint32Array(buffer ?? new ArrayBuffer(4 * n), 0, n);
      return t.fill(all);
    },
  };
}

export const WL8: Encoding = {
  name: 'wl8',
  bytes: 1,
  unsettled: 0xff,
  maxRemoteness: 126,
  holdsTiesAndEndless: false,
  encode(outcome, r) {
    if (outcome === DRAW) return 0xff;
    if ((outcome !== WIN && outcome !== LOSE) || !(r >= 0 && r <= 126)) {
      throw new RangeError(`wl8 holds wins and losses within 126 plies, not ${OUTCOMES[outcome]} in ${r}`);
    }
    return outcome === WIN ? 128 + r : r;
  },
  outcome: (code) => (code === 0xff ? DRAW : code >= 128 ? WIN : LOSE),
  remoteness: (code) => (code === 0xff ? Number.POSITIVE_INFINITY : code & 0x7f),
  table: (n, buffer) => new Uint8Array(buffer ?? new ArrayBuffer(n), 0, n).fill(0xff),
};

/** Wins by odd remoteness, losses by even: the outcome is the remoteness's parity. */
export const PARITY8: Encoding = {
  name: 'parity8',
  bytes: 1,
  unsettled: 0xff,
  maxRemoteness: 253,
  holdsTiesAndEndless: false,
  encode(outcome, r) {
    if (outcome === DRAW) return 0xff;
    if (
      !(r >= 0 && r <= 253) ||
      (outcome === WIN) !== (r % 2 === 1) ||
      (outcome !== WIN && outcome !== LOSE)
    ) {
      throw new RangeError(
        `parity8 holds wins in odd and losses in even plies, not ${OUTCOMES[outcome]} in ${r}`,
      );
    }
    return r;
  },
  outcome: (code) => (code === 0xff ? DRAW : code % 2 === 1 ? WIN : LOSE),
  remoteness: (code) => (code === 0xff ? Number.POSITIVE_INFINITY : code),
  table: (n, buffer) => new Uint8Array(buffer ?? new ArrayBuffer(n), 0, n).fill(0xff),
};

/** The most a margin8 code holds either way. */
export const MAX_MARGIN8 = 126;

/** Margins alone, one signed byte (two's complement in a Uint8Array); −128 is unsettled. */
export const MARGIN8: Encoding = {
  name: 'margin8',
  bytes: 1,
  unsettled: 0x80,
  maxRemoteness: -1,
  holdsTiesAndEndless: false,
  encode(outcome) {
    throw new RangeError(`margin8 holds margins, not outcomes (${OUTCOMES[outcome]})`);
  },
  outcome(code) {
    const m = (code << 24) >> 24;
    return m > 0 ? WIN : m < 0 ? LOSE : TIE;
  },
  remoteness: () => Number.NaN,
  margin: (code) => (code << 24) >> 24,
  table: (n, buffer) => new Uint8Array(buffer ?? new ArrayBuffer(n), 0, n).fill(0x80),
};

/** The margin8 code of margin m (|m| ≤ 126). */
export function encodeMargin(m: number): number {
  if (!(Number.isInteger(m) && Math.abs(m) <= MAX_MARGIN8)) {
    throw new RangeError(`margin8 holds integer margins within ±${MAX_MARGIN8}, not ${m}`);
  }
  return m & 0xff;
}

/** Whether a value fits an encoding (a wrong parity does not fit parity8). */
export function fits(e: Encoding, outcome: number, remoteness: number): boolean {
  try {
    e.encode(outcome, remoteness);
    return true;
  } catch {
    return false;
  }
}

export const PACKED16 = packed('packed16', 2);
export const PACKED32 = packed('packed32', 4);

export const ENCODINGS: Readonly<Record<EncodingName, Encoding>> = {
  wl8: WL8,
  parity8: PARITY8,
  packed16: PACKED16,
  packed32: PACKED32,
  margin8: MARGIN8,
};

/** The next wider encoding (a tie, an endless value or a remoteness the narrower one cannot hold). */
export function widerEncoding(e: Encoding): Encoding | undefined {
  return e === WL8 || e === PARITY8 ? PACKED16 : e === PACKED16 ? PACKED32 : undefined;
}

/**
 * wl8 values in parity8, in place (both one byte): true when every value has
 * its parity; false, with the codes left as they were, when one does not (or
 * the codes are wider than a byte).
 */
export function toParity8(codes: CompactCodes): boolean {
  if (!(codes instanceof Uint8Array)) return false;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (c !== 0xff && c >= 128 !== ((c & 0x7f) % 2 === 1)) return false;
  }
  for (let i = 0; i < codes.length; i++) if (codes[i] !== 0xff) codes[i] &= 0x7f;
  return true;
}

/** Whether every value of a table has the parity parity8 relies on (wins in odd plies, losses in even ones). */
export function parityHolds(codes: CompactCodes, e: Encoding): boolean {
  if (e === PARITY8) return true;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    if (c === e.unsettled) continue;
    const outcome = e.outcome(c);
    if (outcome !== DRAW && !fits(PARITY8, outcome, e.remoteness(c))) return false;
  }
  return true;
}

/** The value of a code. */
export function decodeCompact(e: Encoding, code: number): Value {
  const value: Value = { outcome: OUTCOMES[e.outcome(code)], remoteness: e.remoteness(code) };
  if (e.margin !== undefined) value.margin = e.margin(code);
  return value;
}

/** The same values in a wider encoding, over `buffer` when given. */
export function widenCodes(
  from: Encoding,
  codes: CompactCodes,
  to: Encoding,
  buffer?: ArrayBufferLike,
): CompactCodes {
  const wide = to.table(codes.length, buffer);
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i];
    wide[i] = c === from.unsettled ? to.unsettled : to.encode(from.outcome(c), from.remoteness(c));
  }
  return wide;
}

// The packed encodings by bit shift, as the solution files and the public API use them.

/** Bits below the outcome: 14 in a Uint16Array, 30 in a Uint32Array. */
export function packedShift(codes: PackedCodes): number {
  return codes.BYTES_PER_ELEMENT * 8 - 2;
}

/** The largest finite remoteness a packed table of this shift holds. */
export function maxPackedRemoteness(shift: number): number {
  return 2 ** shift - 2;
}

/** Packs an outcome code and a remoteness (Infinity: never ends). */
export function pack(outcome: number, remoteness: number, shift: number): number {
  return (shift === 14 ? PACKED16 : PACKED32).encode(outcome, remoteness) >>> 0;
}

/** The value a packed code stands for (`shift` from `packedShift`). */
export function unpack(code: number, shift: number): Value {
  return decodeCompact(shift === 14 ? PACKED16 : PACKED32, code);
}

/** Outcome codes re-exported for the encodings' users. */
export { DRAW, LOSE, TIE, WIN };
