/**
 * Connect Four's own score search: the search of strong Connect Four
 * solvers (threats, claimeven, symmetry, enhanced transposition cutoffs,
 * move ordering by threats, ABDADA marks for threads: kernels/connect4-search.ts
 * describes each) compiled to WebAssembly, where a bitboard is one 64-bit
 * integer. The search works in place on the solver's transposition table,
 * which the game asks to be laid out in WebAssembly memory (TableRequest.kernel);
 * this file is the bridge: it decides the positions a search need not enter
 * (one the mover wins at once), hands the kernel the budget and, when the
 * search has threads beside it, where the marks are that the threads' kernels
 * share in that memory (TableRequest.kernel's `sharedBytes`; the marks are set
 * and read in WebAssembly, without a call out per position), and turns scores
 * into values.
 *
 * The module is compiled once per process, when the first search is made
 * (so a page that only shows boards never compiles it), and instanced once
 * per table memory and thread: the searches of one thread, which run one at
 * a time, take turns on it (its scratch is the thread's).
 */

import {
  isKernelTable,
  type KernelTable,
  type ScoreSearch,
  type SearchBudget,
  type SearchContext,
} from '../../core/search.js';
import type { Value } from '../../core/value.js';
import { type WasmMemory, type WasmModule, wasmInstance, wasmModule } from '../../core/wasm.js';
import { Bits, type Geometry } from './bitboard.js';
import { KERNEL_WASM } from './kernel-wasm.js';
import {
  type Connect4Position,
  scoreTable,
  scoreToValue,
  staticScore,
  stonesLeftBounds,
} from './position.js';

/** The scratch each thread's kernel keeps before the table (at least the kernel's own `scratchBytes()`). */
export const KERNEL_SCRATCH_BYTES = 16384;

/** The bytes the threads' kernels share before the table: the marks of a parallel search (the kernel's `markBytes()`). */
export const KERNEL_SHARED_BYTES = 4 * 65536;

/** The kernel's exports (kernels/connect4-search.ts). */
interface Kernel {
  scratchBytes(): number;
  init(
    scratchAt: number,
    width: number,
    height: number,
    tableAt: number,
    bits: number,
    wide: boolean,
    lowest: number,
    highest: number,
    marksAt: number,
    thread: number,
  ): void;
  markBytes(): number;
  leaveAll(): void;
  begin(nodes: number, checkAt: number, generation: number): void;
  searchedNodes(): number;
  expandedNodes(): number;
  tableProbes(): number;
  tableHits(): number;
  search(
    c0: number,
    c1: number,
    m0: number,
    m1: number,
    r0: number,
    r1: number,
    s0: number,
    s1: number,
    n: number,
    alpha: number,
    beta: number,
  ): number;
}

/** The compiled kernels: for a memory of one thread, and for a shared one. */
const modules: { plain?: WasmModule; shared?: WasmModule } = {};

function kernelModule(shared: boolean): WasmModule {
  const kind = shared ? 'shared' : 'plain';
  const module = modules[kind] ?? wasmModule(KERNEL_WASM[kind]);
  modules[kind] = module;
  return module;
}

/**
 * A kernel instance on one memory for one thread, and whom its callback
 * reaches: the budget of the search running on it, and that search (the
 * instance is set up for the search that uses it).
 */
interface Slot {
  kernel: Kernel;
  budget: SearchBudget;
  user: Connect4Search | undefined;
}

/**
 * The instances, per table memory and thread. A search is made per game (a
 * thousand lines of input, a thousand games on one table), and an instance
 * costs more than a short search: a thread's searches, which run one at a
 * time, share one.
 */
const slots = new WeakMap<WasmMemory, Map<number, Slot>>();

function slotFor(table: KernelTable, thread: number): Slot {
  let perThread = slots.get(table.memory);
  if (perThread === undefined) {
    perThread = new Map();
    slots.set(table.memory, perThread);
  }
  let slot = perThread.get(thread);
  if (slot !== undefined) return slot;
  const shared = typeof SharedArrayBuffer !== 'undefined' && table.memory.buffer instanceof SharedArrayBuffer;
  const kernel = wasmInstance<Kernel>(kernelModule(shared), {
    env: { memory: table.memory },
    host: {
      check(nodes: number): number {
        const budget = s.budget;
        budget.nodes = nodes;
        budget.check();
        return budget.checkAt;
      },
    },
  });
  if (kernel.scratchBytes() > KERNEL_SCRATCH_BYTES || kernel.markBytes() > KERNEL_SHARED_BYTES) {
    throw new Error(
      `the Connect Four kernel needs ${kernel.scratchBytes()} bytes of scratch and ${kernel.markBytes()} of marks`,
    );
  }
  const s: Slot = { kernel, budget: { nodes: 0, expanded: 0, checkAt: 0, check() {} }, user: undefined };
  slot = s;
  perThread.set(thread, slot);
  return slot;
}

/** Scratch for the mirror images of root positions (searches run one at a time on a thread). */
const mirrored = new Bits();

export class Connect4Search implements ScoreSearch<Connect4Position> {
  private readonly slot: Slot;
  private readonly table: KernelTable;
  private readonly budget: SearchBudget;
  /** Where the marks of a parallel search are, in the bytes the threads share (0: no threads beside it). */
  private readonly marksAt: number;
  private readonly scratch: number;
  private readonly thread: number;
  /** The position searched last, its score when decided at once, and its mirror image (cur, mask), as the kernel takes them. */
  private root?: Connect4Position;
  private rootScore: number | undefined;
  private mirrorCur0 = 0;
  private mirrorCur1 = 0;
  private mirrorMask0 = 0;
  private mirrorMask1 = 0;

  constructor(
    private readonly g: Geometry,
    context: SearchContext,
  ) {
    const table = context.table;
    if (!isKernelTable(table)) {
      throw new Error('Connect Four searches a table in WebAssembly memory, as its table request asks');
    }
    this.table = table;
    this.budget = context.budget;
    this.marksAt = context.marks === undefined ? 0 : table.sharedAt();
    this.scratch = table.scratchAt(context.thread);
    this.thread = context.thread;
    this.slot = slotFor(table, context.thread);
  }

  /** The score's range: a position decided at once (kept for the probes that follow) has it exactly. */
  bounds(p: Connect4Position): [number, number] {
    this.aim(p);
    return this.rootScore === undefined ? stonesLeftBounds(this.g, p) : [this.rootScore, this.rootScore];
  }

  value(p: Connect4Position, score: number): Value {
    return scoreToValue(this.g, p.moves, score);
  }

  /** A score counts the stones left at the end: a move's child scores at least the parent's negated. */
  childBounds(parentScore: number): [number, number] {
    return [-parentScore, Number.POSITIVE_INFINITY];
  }

  /** A position is asked for its bounds, then probed several times in a row (null windows): what it needs is kept. */
  private aim(p: Connect4Position): void {
    if (p === this.root) return;
    this.root = p;
    this.rootScore = staticScore(this.g, p);
    if (this.rootScore === undefined) {
      const m = mirrored;
      this.g.mirror(p.cur0, p.cur1, m);
      this.mirrorCur0 = m.r0;
      this.mirrorCur1 = m.r1;
      this.g.mirror(p.mask0, p.mask1, m);
      this.mirrorMask0 = m.r0;
      this.mirrorMask1 = m.r1;
    }
  }

  search(p: Connect4Position, alpha: number, beta: number): number {
    this.aim(p);
    if (this.rootScore !== undefined) return this.rootScore;
    const slot = this.slot;
    const k = slot.kernel;
    if (slot.user !== this) {
      // The instance was another search's (of a game of this board, on this table): set it up for this one.
      slot.user = this;
      slot.budget = this.budget;
      const g = this.g;
      const table = this.table;
      const range = scoreTable(g);
      k.init(
        this.scratch,
        g.width,
        g.height,
        table.byteOffset,
        Math.log2(table.buckets),
        table.layout === 'wide',
        range.minScore,
        range.maxScore,
        this.marksAt,
        this.thread,
      );
    }
    const budget = this.budget;
    k.begin(budget.nodes, budget.checkAt, this.table.currentGeneration);
    try {
      const score = k.search(
        p.cur0,
        p.cur1,
        p.mask0,
        p.mask1,
        this.mirrorCur0,
        this.mirrorCur1,
        this.mirrorMask0,
        this.mirrorMask1,
        p.moves,
        alpha,
        beta,
      );
      // (When the budget throws, it has its node count already: it was given it to check.)
      budget.nodes = k.searchedNodes();
      return score;
    } catch (e) {
      k.leaveAll(); // the marks of a search cut short
      throw e;
    } finally {
      this.table.count(k.tableProbes(), k.tableHits());
      budget.expanded += k.expandedNodes();
    }
  }
}
