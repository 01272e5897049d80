/**
 * The SearchMarks of a parallel search: a small shared table of int32 slots
 * (a SharedArrayBuffer), one bit per thread, set while the thread searches a
 * position whose key falls in that slot. Two positions may share a slot, so
 * a mark can say "busy" wrongly; that only puts a move off, never changes a
 * result. Each thread keeps the slots it marked on a stack, so that a search
 * cut short (an exception) can take its marks back at once.
 */

import type { SearchMarks } from '../core/search.js';

/** Slots in the shared table of marks. */
export const MARK_SLOTS = 1 << 16;

/** The most threads the marks tell apart (one bit each). */
export const MAX_MARKED_THREADS = 31;

export function markTable(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * MARK_SLOTS));
}

export class ThreadMarks implements SearchMarks {
  private readonly mine: number;
  private readonly entered = new Int32Array(256);
  private depth = 0;

  constructor(
    private readonly marks: Int32Array,
    thread: number,
  ) {
    this.mine = 1 << thread;
  }

  private slot(lo: number, hi: number): number {
    return (Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> 16) & (MARK_SLOTS - 1);
  }

  busy(lo: number, hi: number): boolean {
    return (Atomics.load(this.marks, this.slot(lo, hi)) & ~this.mine) !== 0;
  }

  enter(lo: number, hi: number): void {
    const s = this.slot(lo, hi);
    Atomics.or(this.marks, s, this.mine);
    this.entered[this.depth++] = s;
  }

  leave(): void {
    Atomics.and(this.marks, this.entered[--this.depth], ~this.mine);
  }

  /** Takes back every mark of this thread (after a search was cut short). */
  clear(): void {
    while (this.depth > 0) this.leave();
  }
}
