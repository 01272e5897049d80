/**
 * Which positions of a derived board game are primitive, remembered two bits
 * a position: asking whether a parent found by the designer's `unmoves` is
 * primitive (the derived game lists no primitive parent) would otherwise
 * run the designer's `primitive` once per parent of every settled position,
 * several times per position of a tier. The tier solver asks every
 * position's primitive once when it counts moves, and those answers fill
 * the memo before parents are asked.
 *
 * The bits are kept in chunks of CHUNK positions, made on first use, so a
 * tier never asked costs nothing; past `limitBytes` in all, every chunk is
 * dropped and the memo starts again (a bound on memory, not on speed).
 */

/** Positions per chunk (a power of two). */
const CHUNK_BITS = 14;
const CHUNK = 1 << CHUNK_BITS;

/** What the memo knows of a position. */
export const UNKNOWN = 0;
export const NOT_PRIMITIVE_SEEN = 1;
export const PRIMITIVE_SEEN = 2;

/** Two bits per position of each tier, in chunks made on first use (see the file's header). */
export class PrimitiveMemo {
  private readonly chunks: (Uint8Array | undefined)[][];
  private bytes = 0;

  constructor(
    tierSizes: readonly number[],
    private readonly limitBytes = 64 * 2 ** 20,
  ) {
    this.chunks = tierSizes.map((size) => new Array<Uint8Array | undefined>(Math.ceil(size / CHUNK)));
  }

  /** UNKNOWN, NOT_PRIMITIVE_SEEN or PRIMITIVE_SEEN for position p of tier t. O(1). */
  get(t: number, p: number): number {
    const chunk = this.chunks[t][p >>> CHUNK_BITS];
    if (chunk === undefined) return UNKNOWN;
    const i = p & (CHUNK - 1);
    return (chunk[i >>> 2] >>> ((i & 3) << 1)) & 3;
  }

  /** Remembers whether position p of tier t is primitive. O(1); a new chunk costs CHUNK/4 bytes. */
  set(t: number, p: number, primitive: boolean): void {
    const row = this.chunks[t];
    const c = p >>> CHUNK_BITS;
    let chunk = row[c];
    if (chunk === undefined) {
      if (this.bytes + CHUNK / 4 > this.limitBytes) this.clear();
      chunk = new Uint8Array(CHUNK / 4);
      row[c] = chunk;
      this.bytes += CHUNK / 4;
    }
    const i = p & (CHUNK - 1);
    chunk[i >>> 2] |= (primitive ? PRIMITIVE_SEEN : NOT_PRIMITIVE_SEEN) << ((i & 3) << 1);
  }

  private clear(): void {
    for (const row of this.chunks) row.fill(undefined);
    this.bytes = 0;
  }
}
