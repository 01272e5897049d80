/**
 * A list of int32s in chunks (never copied as it grows), for the positions a
 * retrograde step settles: lists can hold hundreds of millions of entries,
 * and a chunk can be handed to another thread whole.
 */

const CHUNK = 1 << 16;

export class IntList {
  /** Full chunks, then the one being filled (`last`, `fill` entries used). */
  readonly chunks: Int32Array[] = [];
  private last: Int32Array | undefined;
  private fill = CHUNK;
  /** Entries in all chunks. */
  length = 0;

  constructor(private readonly allocate: (entries: number) => Int32Array = (n) => new Int32Array(n)) {}

  push(v: number): void {
    if (this.fill === CHUNK) {
      this.last = this.allocate(CHUNK);
      this.chunks.push(this.last);
      this.fill = 0;
    }
    (this.last as Int32Array)[this.fill++] = v;
    this.length++;
  }

  /** The entries as arrays, the last one trimmed to what is used. */
  arrays(): Int32Array[] {
    if (this.chunks.length === 0) return [];
    const out = this.chunks.slice(0, -1);
    out.push((this.last as Int32Array).subarray(0, this.fill));
    return out;
  }
}
