/**
 * A list of int32s in chunks (never copied as it grows), for the positions a
 * retrograde step settles: lists can hold hundreds of millions of entries,
 * and a chunk can be handed to another thread whole.
 */

/** The first chunk's entries; each next chunk doubles, up to `CHUNK`. */
const FIRST = 1 << 8;
const CHUNK = 1 << 16;

export class IntList {
  /** Full chunks, then the one being filled (`last`, `fill` entries used). */
  readonly chunks: Int32Array[] = [];
  private last: Int32Array | undefined;
  private fill = 0;
  /** Entries in all chunks. */
  length = 0;

  /**
   * `allocate` makes each chunk (shared memory for lists that pass between
   * threads). Chunks start small: a step makes a list per level, most of
   * them short, and memory a thread was sent is freed only when it collects
   * garbage.
   */
  constructor(private readonly allocate: (entries: number) => Int32Array = (n) => new Int32Array(n)) {}

  push(v: number): void {
    let last = this.last;
    if (last === undefined || this.fill === last.length) {
      last = this.allocate(last === undefined ? FIRST : Math.min(2 * last.length, CHUNK));
      this.chunks.push(last);
      this.last = last;
      this.fill = 0;
    }
    last[this.fill++] = v;
    this.length++;
  }

  /** The entries as arrays, the last one trimmed to what is used. */
  arrays(): Int32Array[] {
    const last = this.last;
    if (last === undefined) return [];
    const out = this.chunks.slice(0, -1);
    out.push(last.subarray(0, this.fill));
    return out;
  }
}
