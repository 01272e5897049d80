/**
 * Transposition tables of fixed memory: what searches proved about
 * positions (a lower and an upper bound on the score, and the best move
 * found), keyed by a 64-bit position key in two 32-bit halves (lo, hi).
 *
 * Memory is one buffer of 2^k buckets, each holding two entries: the first
 * keeps the entry whose search took the most work (nodes), the second the
 * newest, so that expensive results near the root survive a flood of cheap
 * ones deep in the tree (a new entry with more work than the first demotes
 * it to the second). Storing a position already in its bucket merges the
 * bounds. `clear()` is O(1): entries carry the generation they were written
 * in, and older generations read as empty.
 *
 * Two layouts:
 * - CompactTable: 8 bytes an entry (a check word and a data word: both
 *   bounds in 7 bits each, the move in 4, the work in 5, the generation in
 *   9), for searches with small integer scores and exact keys below
 *   2^keyBits: the bucket index is (mix(lo) ^ hi) mod 2^k and the check word
 *   is lo, so together they determine the key — no collisions — as long as
 *   keyBits ≤ 32 + k. Bounds outside [minScore, maxScore] mean "unknown"
 *   and read back as minScore − 1 / maxScore + 1 (integers keep the
 *   search's arithmetic on small integers).
 * - WideTable: 32 bytes an entry, the full 64-bit key, bounds as float64
 *   (any integer score, ±Infinity, margins beyond 2^31) and moves up to
 *   65,534: the generic engine's table.
 *
 * The buffer may be a SharedArrayBuffer that several threads search with at
 * once (each through its own table object), or the memory of a search
 * compiled to WebAssembly (TableRequest.kernel), which reads and writes the
 * same entries in place: the buckets then start after each thread's scratch
 * (a KernelTable). There are no locks: every entry
 * has a check word that is the XOR of its key and its other words, so an
 * entry read while another thread was writing it (words of two different
 * entries) fails the check and reads as a miss. A probe copies the entry it
 * found, so `lower()`, `upper()` and `move()` read that copy.
 */

import { NO_MOVE, type TableRequest, type TranspositionTable } from '../core/search.js';
import { isWasmMemory, type WasmMemory, wasmMemory } from '../core/wasm.js';

/** Generations run 1 … MAX_GENERATION (9 bits); 0 marks an empty entry. */
const MAX_GENERATION = 511;

/** The work recorded for a search of `nodes` nodes: ⌊log2⌋, 0 … 31. */
export function workOf(nodes: number): number {
  return nodes < 1 ? 0 : nodes >= 2 ** 31 ? 31 : 31 - Math.clz32(nodes);
}

/** A 32-bit mix (lowbias32): every input bit moves about half the output bits. */
function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  return x ^ (x >>> 16);
}

/** The smallest and largest table: 2^MIN_BUCKET_BITS … 2^MAX_BUCKET_BITS buckets. */
export const MIN_BUCKET_BITS = 4;
export const MAX_BUCKET_BITS = 28;

/** Words in a page of memory (4 KiB). */
const PAGE_WORDS = 1024;

/** Bytes at the start of a kernel's memory that nothing uses (address 0 stays unused). */
const KERNEL_HEAD = 1024;

/**
 * Where a table's buckets lie in a larger buffer: from `byteOffset`, `bytes`
 * of them; in a WebAssembly memory, after the threads' shared bytes and the
 * scratch of `threads` threads of `scratchBytes` each (TableRequest.kernel).
 */
export interface TablePlace {
  byteOffset: number;
  bytes: number;
  memory?: WasmMemory;
  scratch?: KernelScratch;
}

/** A kernel's memory before its table: bytes its threads share, then `bytes` of scratch for each of `threads`. */
export interface KernelScratch {
  shared: number;
  bytes: number;
  threads: number;
}

/** What both layouts share: the buffer, the generation, statistics and the fill estimate. */
abstract class BucketTable implements TranspositionTable {
  readonly buckets: number;
  protected readonly mask: number;
  protected readonly data: Int32Array;
  protected generation = 1;
  /** Probes and hits through this table object (per thread). */
  probes = 0;
  hits = 0;
  protected foundLower = 0;
  protected foundUpper = 0;
  protected foundMove = NO_MOVE;
  /** The WebAssembly memory the buckets are in (a KernelTable), if any. */
  readonly memory: WasmMemory | undefined;
  /** Where the buckets start in the buffer. */
  readonly byteOffset: number;
  abstract readonly layout: 'compact' | 'wide';
  private readonly scratch: KernelScratch | undefined;

  protected constructor(
    readonly buffer: ArrayBuffer | SharedArrayBuffer,
    protected readonly bucketWords: number,
    place?: TablePlace,
  ) {
    this.byteOffset = place?.byteOffset ?? 0;
    this.data = new Int32Array(buffer, this.byteOffset, (place?.bytes ?? buffer.byteLength) / 4);
    this.buckets = this.data.length / bucketWords;
    if (!Number.isInteger(Math.log2(this.buckets))) throw new RangeError('a table has 2^k buckets');
    this.mask = this.buckets - 1;
    this.memory = place?.memory;
    this.scratch = place?.scratch;
  }

  /** Bytes of the table's buckets. */
  get bytes(): number {
    return this.data.byteLength;
  }

  /** Where thread `thread`'s scratch starts in the table's WebAssembly memory. */
  scratchAt(thread: number): number {
    const scratch = this.scratch;
    if (scratch === undefined || !(thread >= 0 && thread < scratch.threads)) {
      throw new RangeError(`the table has no scratch for thread ${thread}`);
    }
    return KERNEL_HEAD + scratch.shared + thread * scratch.bytes;
  }

  /** Where the bytes its threads share (TableRequest.kernel's `sharedBytes`) start in the table's WebAssembly memory. */
  sharedAt(): number {
    if (this.scratch === undefined) throw new RangeError('the table is in no kernel memory');
    return KERNEL_HEAD;
  }

  /** Adds probes and hits made elsewhere (a search in WebAssembly) to the statistics. */
  count(probes: number, hits: number): void {
    this.probes += probes;
    this.hits += hits;
  }

  /** The generation entries are written in (threads sharing a buffer must agree on it). */
  get currentGeneration(): number {
    return this.generation;
  }

  /** Makes `generation` the current one (threads sharing a buffer set the one they agree on). */
  setGeneration(generation: number): void {
    this.generation = generation;
  }

  /** Forgets every entry (O(1) but once every 511 clears) and the statistics. */
  clear(): void {
    this.generation++;
    if (this.generation > MAX_GENERATION) {
      this.data.fill(0);
      this.generation = 1;
    }
    this.probes = 0;
    this.hits = 0;
  }

  /** The proven lower bound of the position last found. */
  lower(): number {
    return this.foundLower;
  }

  /** The proven upper bound of the position last found. */
  upper(): number {
    return this.foundUpper;
  }

  /** The best move of the position last found (an index into its moves), or NO_MOVE. */
  move(): number {
    return this.foundMove;
  }

  /** The share of entries written in the current generation, estimated from a sample of buckets. */
  fill(): number {
    const step = Math.max(1, Math.floor(this.buckets / 4096));
    let used = 0;
    let seen = 0;
    for (let b = 0; b < this.buckets; b += step) {
      for (let e = 0; e < 2; e++) {
        seen++;
        if (this.entryGeneration(b * this.bucketWords + (e * this.bucketWords) / 2) === this.generation)
          used++;
      }
    }
    return used / seen;
  }

  /** The generation the entry at word `entry` was written in (0: never written). */
  protected abstract entryGeneration(entry: number): number;
  /** Looks the position up: true when it is in the table; then lower(), upper() and move() read it. */
  abstract probe(lo: number, hi: number): boolean;
  /** Keeps the bounds and best move of a position; `work` decides what a full bucket keeps. */
  abstract store(lo: number, hi: number, lower: number, upper: number, move: number, work: number): void;
}

// CompactTable data word: lower 0–6, upper 7–13, move + 1 14–17, work 18–22, generation 23–31.
const SCORE_CODES = 127;
const MOVE_SHIFT = 14;
const WORK_SHIFT = 18;
const GEN_SHIFT = 23;

/** 8-byte entries for small integer scores and exact keys (see the file's header). */
export class CompactTable extends BucketTable {
  readonly layout = 'compact';
  /** Code 0 is "no lower bound", SCORE_CODES "no upper bound"; score s is s − minScore + 1. */
  private readonly bias: number;
  private readonly unknownLower: number;
  private readonly unknownUpper: number;

  constructor(
    buffer: ArrayBuffer | SharedArrayBuffer,
    readonly minScore: number,
    readonly maxScore: number,
    place?: TablePlace,
  ) {
    super(buffer, 4, place);
    if (maxScore - minScore + 2 >= SCORE_CODES) {
      throw new RangeError(`a compact table holds scores in a range of ${SCORE_CODES - 3} at most`);
    }
    this.bias = 1 - minScore;
    this.unknownLower = minScore - 1;
    this.unknownUpper = maxScore + 1;
  }

  /** Bytes for 2^bits buckets. */
  static bytesFor(bits: number): number {
    return 16 * 2 ** bits;
  }

  /** Keys below 2^keyBits are exact in a table of 2^bits buckets when this holds. */
  static exactFor(keyBits: number, bits: number): boolean {
    return keyBits <= 32 + bits;
  }

  /** The generation the entry at word `entry` was written in (0: never written). */
  protected entryGeneration(entry: number): number {
    return this.data[entry + 1] >>> GEN_SHIFT;
  }

  private bucket(lo: number, hi: number): number {
    return ((mix(lo) ^ hi) & this.mask) << 2;
  }

  /** Looks the position up: true when it is in the table; then lower(), upper() and move() read it. */
  probe(lo: number, hi: number): boolean {
    this.probes++;
    const d = this.data;
    const b = this.bucket(lo, hi);
    let found = d[b + 1];
    if (found >>> GEN_SHIFT !== this.generation || (d[b] ^ found) !== lo) {
      found = d[b + 3];
      if (found >>> GEN_SHIFT !== this.generation || (d[b + 2] ^ found) !== lo) return false;
    }
    this.hits++;
    const lower = found & SCORE_CODES;
    const upper = (found >>> 7) & SCORE_CODES;
    this.foundLower = lower === 0 ? this.unknownLower : lower - this.bias;
    this.foundUpper = upper === SCORE_CODES ? this.unknownUpper : upper - this.bias;
    this.foundMove = ((found >>> MOVE_SHIFT) & 15) - 1;
    return true;
  }

  /** Keeps the bounds and best move of a position; `work` decides what a full bucket keeps. */
  store(lo: number, hi: number, lower: number, upper: number, move: number, work: number): void {
    const d = this.data;
    const b = this.bucket(lo, hi);
    const gen = this.generation;
    let lowerCode = lower < this.minScore ? 0 : lower > this.maxScore ? SCORE_CODES : lower + this.bias;
    let upperCode = upper > this.maxScore ? SCORE_CODES : upper < this.minScore ? 0 : upper + this.bias;
    let moveCode = move < 0 || move > 14 ? 0 : move + 1;
    if (work > 31) work = 31;
    let slot = -1;
    for (let e = b; e <= b + 2; e += 2) {
      const old = d[e + 1];
      if (old >>> GEN_SHIFT !== gen || (d[e] ^ old) !== lo) continue;
      // The same position again: both entries are proven, so keep the tighter of each bound.
      if ((old & SCORE_CODES) > lowerCode) lowerCode = old & SCORE_CODES;
      if (((old >>> 7) & SCORE_CODES) < upperCode) upperCode = (old >>> 7) & SCORE_CODES;
      if (moveCode === 0) moveCode = (old >>> MOVE_SHIFT) & 15;
      const oldWork = (old >>> WORK_SHIFT) & 31;
      if (oldWork > work) work = oldWork;
      slot = e;
      break;
    }
    if (slot < 0) {
      const first = d[b + 1];
      if (first >>> GEN_SHIFT !== gen || work >= ((first >>> WORK_SHIFT) & 31)) {
        // The first entry keeps the most work: the one it held moves down to the second.
        if (first >>> GEN_SHIFT === gen) {
          d[b + 2] = d[b];
          d[b + 3] = first;
        }
        slot = b;
      } else {
        slot = b + 2;
      }
    }
    const data =
      lowerCode | (upperCode << 7) | (moveCode << MOVE_SHIFT) | (work << WORK_SHIFT) | (gen << GEN_SHIFT);
    d[slot] = lo ^ data;
    d[slot + 1] = data;
  }
}

// WideTable entry words: check, lo, hi, data (move + 1 in 0–15, work 16–20, generation 21–29), lower (f64), upper (f64).
const W_GEN_SHIFT = 21;
const W_WORK_SHIFT = 16;
const W_MOVES = 0xffff;

/** 32-byte entries with the full key and float64 bounds (see the file's header). */
export class WideTable extends BucketTable {
  readonly layout = 'wide';
  private readonly bounds: Float64Array;

  constructor(buffer: ArrayBuffer | SharedArrayBuffer, place?: TablePlace) {
    super(buffer, 16, place);
    this.bounds = new Float64Array(buffer, this.byteOffset, this.data.length / 2);
  }

  /** Bytes for 2^bits buckets. */
  static bytesFor(bits: number): number {
    return 64 * 2 ** bits;
  }

  /** The generation the entry at word `entry` was written in (0: never written). */
  protected entryGeneration(entry: number): number {
    return this.data[entry + 3] >>> W_GEN_SHIFT;
  }

  private bucket(lo: number, hi: number): number {
    return (mix(lo ^ mix(hi)) & this.mask) << 4;
  }

  /** The XOR of an entry's words after the check word: torn entries fail it. */
  private checksum(e: number): number {
    const d = this.data;
    return d[e + 1] ^ d[e + 2] ^ d[e + 3] ^ d[e + 4] ^ d[e + 5] ^ d[e + 6] ^ d[e + 7];
  }

  private find(b: number, lo: number, hi: number): number {
    const d = this.data;
    for (let e = b; e <= b + 8; e += 8) {
      if (d[e + 1] === lo && d[e + 2] === hi && d[e + 3] >>> W_GEN_SHIFT === this.generation) {
        // Copy first, then check: what was copied is what the checksum vouches for.
        this.foundLower = this.bounds[(e + 4) >> 1];
        this.foundUpper = this.bounds[(e + 6) >> 1];
        this.foundMove = (d[e + 3] & W_MOVES) - 1;
        if (d[e] === this.checksum(e)) return e;
      }
    }
    return -1;
  }

  /** Looks the position up: true when it is in the table; then lower(), upper() and move() read it. */
  probe(lo: number, hi: number): boolean {
    this.probes++;
    if (this.find(this.bucket(lo, hi), lo, hi) < 0) return false;
    this.hits++;
    return true;
  }

  /** Keeps the bounds and best move of a position; `work` decides what a full bucket keeps. */
  store(lo: number, hi: number, lower: number, upper: number, move: number, work: number): void {
    const d = this.data;
    const b = this.bucket(lo, hi);
    const gen = this.generation;
    let moveCode = move < 0 || move >= W_MOVES ? 0 : move + 1;
    if (work > 31) work = 31;
    let slot = this.find(b, lo, hi);
    if (slot >= 0) {
      if (this.foundLower > lower) lower = this.foundLower;
      if (this.foundUpper < upper) upper = this.foundUpper;
      if (moveCode === 0) moveCode = this.foundMove + 1;
      const oldWork = (d[slot + 3] >>> W_WORK_SHIFT) & 31;
      if (oldWork > work) work = oldWork;
    } else {
      const first = d[b + 3];
      if (first >>> W_GEN_SHIFT !== gen || work >= ((first >>> W_WORK_SHIFT) & 31)) {
        if (first >>> W_GEN_SHIFT === gen) d.copyWithin(b + 8, b, b + 8);
        slot = b;
      } else {
        slot = b + 8;
      }
    }
    d[slot + 1] = lo;
    d[slot + 2] = hi;
    d[slot + 3] = moveCode | (work << W_WORK_SHIFT) | (gen << W_GEN_SHIFT);
    this.bounds[(slot + 4) >> 1] = lower;
    this.bounds[(slot + 6) >> 1] = upper;
    d[slot] = this.checksum(slot);
  }
}

/** A table of either layout. */
export type AnyTable = CompactTable | WideTable;

/** Default table size of the library (the CLI sizes tables from --table-mb or free memory). */
export const DEFAULT_TABLE_BYTES = 16 * 2 ** 20;

/** The largest table in a WebAssembly memory (whose addresses have 32 bits). */
const KERNEL_MAX_TABLE_BYTES = 2 ** 31;

/**
 * How a table for `request` is laid out in `bytes` (rounded down to a power
 * of two of buckets); a kernel's table (TableRequest.kernel) lies after the
 * scratch of `threads` threads, and has 2 GiB at most.
 */
export interface TablePlan {
  layout: 'compact' | 'wide';
  bits: number;
  /** Bytes of the buckets. */
  bytes: number;
  /** Bytes before the buckets (a kernel's shared bytes and scratch), and those. */
  offset: number;
  scratch?: KernelScratch;
}

export function planTable(request: TableRequest | undefined, bytes: number, threads = 1): TablePlan {
  const kernel = request?.kernel;
  if (kernel) bytes = Math.min(bytes, KERNEL_MAX_TABLE_BYTES);
  const bitsFor = (bucketBytes: number) =>
    Math.min(MAX_BUCKET_BITS, Math.max(MIN_BUCKET_BITS, Math.floor(Math.log2(bytes / bucketBytes))));
  const scratch = kernel
    ? { shared: kernel.sharedBytes ?? 0, bytes: kernel.scratchBytes, threads }
    : undefined;
  // The buckets 64-byte aligned after the scratch.
  const offset = scratch ? Math.ceil((KERNEL_HEAD + scratch.shared + threads * scratch.bytes) / 64) * 64 : 0;
  const compact = request?.compact;
  if (compact) {
    const bits = bitsFor(16);
    if (CompactTable.exactFor(compact.keyBits, bits))
      return { layout: 'compact', bits, bytes: CompactTable.bytesFor(bits), offset, scratch };
  }
  const bits = bitsFor(64);
  return { layout: 'wide', bits, bytes: WideTable.bytesFor(bits), offset, scratch };
}

/** Where a table lives: a buffer (a SharedArrayBuffer for threads), or a WebAssembly memory (a kernel's table). */
export type TableStorage = ArrayBuffer | SharedArrayBuffer | WasmMemory;

/**
 * New storage for a table of `plan`, shared between threads when `shared`.
 * Shared storage has its pages touched here, once, in one thread: threads
 * that fault them in as they search contend for the memory map (the empty
 * 6×6 Connect Four board on 2 threads and a 1 GiB table spent 4.7 s in the
 * kernel that way, 3 s more than its whole search on 64 MB); touched here, a
 * GiB costs about half a second.
 */
export function tableStorage(plan: TablePlan, shared: boolean): TableStorage {
  const bytes = plan.offset + plan.bytes;
  const storage = plan.scratch
    ? wasmMemory(bytes, shared)
    : shared
      ? new SharedArrayBuffer(bytes)
      : new ArrayBuffer(bytes);
  if (shared) {
    const words = new Int32Array(isWasmMemory(storage) ? storage.buffer : storage);
    for (let i = 0; i < words.length; i += PAGE_WORDS) words[i] = 0;
  }
  return storage;
}

/** A table for `request` over `storage` (made for `plan`), e.g. storage shared by threads. */
export function tableOver(
  plan: TablePlan,
  request: TableRequest | undefined,
  storage: TableStorage,
): AnyTable {
  const memory = isWasmMemory(storage) ? storage : undefined;
  const buffer = isWasmMemory(storage) ? storage.buffer : storage;
  const place: TablePlace = { byteOffset: plan.offset, bytes: plan.bytes, memory, scratch: plan.scratch };
  const compact = request?.compact;
  if (plan.layout === 'compact' && compact)
    return new CompactTable(buffer, compact.minScore, compact.maxScore, place);
  return new WideTable(buffer, place);
}

/** A new table for `request` of about `bytes` bytes (shared between threads when `shared`). */
export function makeTable(
  request: TableRequest | undefined,
  bytes = DEFAULT_TABLE_BYTES,
  shared = false,
): AnyTable {
  const plan = planTable(request, bytes);
  return tableOver(plan, request, tableStorage(plan, shared));
}

/**
 * Tables shared by games that declare the same `share` key, one per key and
 * layout. Games only say which of them may share; the caller that solves
 * such games one after another (a command solving the lines of one input)
 * owns the cache, and the tables live as long as it keeps it.
 */
export class TableCache {
  private readonly tables = new Map<string, AnyTable>();

  /** The table for `request` (which declares a share key), made on first use. */
  get(request: TableRequest & { share: string }, bytes: number): AnyTable {
    const plan = planTable(request, bytes);
    const id = `${request.share} ${plan.layout} ${plan.bits}`;
    let table = this.tables.get(id);
    if (!table) {
      table = makeTable(request, bytes);
      this.tables.set(id, table);
    }
    return table;
  }
}

/**
 * The table for a game's searches: from `cache` when the game declares a
 * `share` key and the caller keeps a cache, else a new one.
 */
export function tableFor(
  request: TableRequest | undefined,
  bytes = DEFAULT_TABLE_BYTES,
  cache?: TableCache,
): AnyTable {
  const share = request?.share;
  if (share === undefined || cache === undefined) return makeTable(request, bytes);
  return cache.get({ ...request, share }, bytes);
}
