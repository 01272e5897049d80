/**
 * Connect Four's score search, compiled to WebAssembly (AssemblyScript:
 * `npm run build` makes src/games/connect4/kernel-wasm.ts from this file).
 * It is the search src/games/connect4/search.ts runs: in WebAssembly a
 * bitboard is one 64-bit integer, where JavaScript needs two 32-bit halves,
 * and a node costs less than half as much (see the README's Connect Four
 * figures). The rules of the game stay in TypeScript; this file holds the
 * search alone, and the tests hold it to the plain search of the rules.
 *
 * The technique (Pons' score convention, see position.ts): negamax
 * alpha-beta on the transposition table the solver allocated, with
 * - threats deciding much without search: a move that hands the opponent
 *   an immediate win is never searched, a forced block is the only move,
 *   two threats lose at once, and a move after which the opponent cannot
 *   stop an immediate win wins at once; when no move does, the mover cannot
 *   win before its third stone, which tightens the window;
 * - score bounds from the stones left, and from whether a player can still
 *   complete four with every empty cell;
 * - claimeven (an even number of cells empty): the follow-up player claims
 *   every column's top cell and every second cell below it; when the mover
 *   cannot complete four with every other cell it cannot win, and when the
 *   claimed cells hold four it loses, also when each four the mover could
 *   complete needs one of them complete first (its cells lie below the
 *   mover's); checked at the node and, one ply earlier, for each child;
 * - symmetry: a position and its mirror image share one entry (the key is
 *   the smaller of their codes cur + mask; the best move is kept for the
 *   one the key names), the mirror image carried along move by move;
 * - enhanced transposition cutoffs away from the leaves: a child whose
 *   entry already cuts ends the search, and a move whose child's entry
 *   already proves it fails low is not searched (its bound counts towards
 *   the best, so a position that fails low still returns a true bound);
 * - the table only for positions with TABLE_EMPTY cells or more empty;
 * - move ordering: the table's move first, then by the threats a move
 *   creates (those one stone from playable count most), the centre first
 *   among equals; a position with one possible move is neither ordered nor
 *   stored;
 * - parallel search (ABDADA): a thread marks the positions it searches
 *   (with atomic operations on marks the threads share), and puts off a move
 *   into a position another thread is searching until its other moves are
 *   done.
 *
 * Memory (imported, shared by the threads that search one table):
 * - from `marksAt`, the marks of a parallel search (markBytes());
 * - from `scratch`, this instance's own SCRATCH_BYTES: the board's masks
 *   and, per ply, the candidate columns, their ordering keys, the moves put
 *   off and the marks entered;
 * - from `tableAt`, the table, in either layout of the solvers'
 *   transposition tables (src/solvers/transposition-table.ts), which read
 *   and write the same entries from TypeScript: CompactTable's 16-byte
 *   buckets of two 8-byte entries (exact keys), or, for boards whose keys
 *   the compact layout cannot hold exactly, WideTable's 64-byte buckets of
 *   two 32-byte entries (the full key, bounds as float64).
 */

/** The host's budget: called when `nodes` reaches the check point; returns the next one (or throws). */
@external("host", "check")
declare function hostCheck(nodes: f64): f64;
// The marks of positions being searched by the threads (ABDADA): MARK_SLOTS int32 slots at `marks`
// in the memory the threads share, one bit per thread (this instance's: `mine`), set while the thread
// searches a position whose key falls in the slot. Two positions may share a slot, so a mark can say
// "busy" wrongly: that only puts a move off, never changes a result. The slots this instance entered
// are a stack in its scratch, so that a search cut short can take its marks back (`leaveAll`).
const MARK_SLOTS: u32 = 65536;
let marks: usize = 0;
let mine: i32 = 0;
let entered: i32 = 0;
@inline function markSlot(key: u64): usize {
  const lo = <u32>key;
  const hi = <u32>(key >> 32);
  return marks + ((<usize>(((lo ^ (hi * 0x27d4eb2d)) * 0x9e3779b1) >>> 16) & (MARK_SLOTS - 1)) << 2);
}
@inline function markBusy(key: u64): bool {
  return (atomic.load<i32>(markSlot(key)) & ~mine) != 0;
}
@inline function markEnter(key: u64): void {
  const slot = markSlot(key);
  atomic.or<i32>(slot, mine);
  store<u32>(scratch + ENTERED + (<usize>entered << 2), <u32>slot);
  entered++;
}
@inline function markLeave(): void {
  entered--;
  atomic.and<i32>(<usize>load<u32>(scratch + ENTERED + (<usize>entered << 2)), ~mine);
}
/** Takes back every mark of this instance (after a search was cut short). */
export function leaveAll(): void {
  while (entered > 0) markLeave();
}

/** The bytes of the marks (at `marksAt`, shared by the threads). */
export function markBytes(): usize {
  return <usize>MARK_SLOTS << 2;
}

/** Children are looked up in the table (enhanced transposition cutoffs) while this many cells or more are empty. */
const ETC_EMPTY: i32 = 12;
/**
 * A position is looked up and kept in the table only while this many cells
 * or more are empty. Below, searching it again costs less than the table's
 * memory: a lookup is a miss in the cache that WebAssembly cannot prefetch
 * (the probes took 43% of a search). On the empty 7×6 board, from 11: 25%
 * more nodes and 8–16% less time than with every position tabled. It stays
 * below ETC_EMPTY, so the children that cutoffs look up can be in the table.
 */
const TABLE_EMPTY: i32 = 11;
/** Parallel search marks positions with at least this many empty cells. */
const MARK_EMPTY: i32 = 12;
/** What a position put off returns (outside every score). */
const PUT_OFF: i32 = 1000;

// Scratch layout (bytes from `scratch`): a board has at most 32 columns and 64 cells with their
// spare bits, so at most 33 plies × 32 columns of per-ply entries.
const COLUMN: usize = 0; // u64 per column: its cells
const LOW: usize = 256; // u64 per column: its bottom cell
const CLAIM_UP_TO: usize = 512; // u64 per claimed row: the claimed cells of rows up to it
const ORDER: usize = 768; // i32 per rank: the column searched at that rank (centre first)
const PER_PLY: usize = 1056 * 4;
const COLS: usize = 1024;
const KEYS: usize = COLS + PER_PLY;
const LATER: usize = KEYS + PER_PLY;
const CHILD: usize = LATER + PER_PLY; // u64 per column: the children's keys
const ENTERED: usize = CHILD + 256; // u32 per ply: the mark slots entered
const SCRATCH_BYTES: usize = ENTERED + 256;

// CompactTable's data word: lower 0–6, upper 7–13, move + 1 14–17, work 18–22, generation 23–31.
const SCORE_CODES: u32 = 127;
// WideTable's entry (bytes): check 0, key 4 and 8, data 12 (move + 1 0–15, work 16–20, generation
// 21–29), lower 16 and upper 24 (float64).
const WIDE_MOVES: u32 = 0xffff;

let scratch: usize = 0;
let width: i32 = 0;
let height: i32 = 0;
let cells: i32 = 0;
/** Every shift the win test uses (up to 3·(H+2)) stays below 64 bits. */
let fast: bool = true;
let bottom: u64 = 0;
let board: u64 = 0;
/** The spare bit above each column (the last one's falls off a 64-bit board). */
let spare: u64 = 0;
let claim: u64 = 0;
let claimRows: i32 = 0;
let marked: bool = false;

let tableBase: usize = 0;
let tableMask: u32 = 0;
/** The table's layout is WideTable's (else CompactTable's). */
let wide: bool = false;
let generation: u32 = 1;
let minScore: i32 = 0;
let maxScore: i32 = 0;
let bias: i32 = 0;
let noLower: i32 = 0;
let noUpper: i32 = 0;

let nodes: f64 = 0;
/** Positions past the static checks, with two or more moves to order (SearchBudget.expanded). */
let expanded: f64 = 0;
let checkAt: f64 = 0;
let probes: f64 = 0;
let hits: f64 = 0;
/** The position entered next may be put off (parallel search). */
let deferOk: bool = false;

let foundLower: i32 = 0;
let foundUpper: i32 = 0;
let foundMove: i32 = -1;

@inline function column(c: i32): u64 {
  return load<u64>(scratch + COLUMN + (<usize>c << 3));
}
@inline function lowCell(c: i32): u64 {
  return load<u64>(scratch + LOW + (<usize>c << 3));
}
@inline function claimUpTo(k: i32): u64 {
  return load<u64>(scratch + CLAIM_UP_TO + (<usize>k << 3));
}
@inline function order(i: i32): i32 {
  return load<i32>(scratch + ORDER + (<usize>i << 2));
}
@inline function bit(i: i32): u64 {
  return (<u64>1) << (<u64>i);
}

/** The scratch bytes an instance needs. */
export function scratchBytes(): usize {
  return SCRATCH_BYTES;
}

/**
 * Sets the instance up for a W×H board, its scratch at `scratchAt`, a table
 * of 2^bits buckets at `tableAt` (WideTable's layout when `wideTable`,
 * else CompactTable's for scores in [lowest, highest]), the marks of a
 * parallel search at `marksAt` (0: the search marks nothing) and the thread
 * it runs on (its bit in the marks).
 */
export function init(
  scratchAt: usize,
  w: i32,
  h: i32,
  tableAt: usize,
  bits: i32,
  wideTable: bool,
  lowest: i32,
  highest: i32,
  marksAt: usize,
  thread: i32,
): void {
  scratch = scratchAt;
  width = w;
  height = h;
  cells = w * h;
  fast = 3 * (h + 2) < 64;
  marks = marksAt;
  marked = marksAt != 0;
  mine = 1 << thread;
  entered = 0;
  const h1 = h + 1;
  bottom = 0;
  board = 0;
  for (let c = 0; c < w; c++) {
    let cells: u64 = 0;
    for (let r = 0; r < h; r++) cells |= bit(c * h1 + r);
    store<u64>(scratch + COLUMN + (<usize>c << 3), cells);
    store<u64>(scratch + LOW + (<usize>c << 3), bit(c * h1));
    bottom |= bit(c * h1);
    board |= cells;
  }
  // Claimed rows (0-based) are those with an odd number of cells from them to the top.
  const first = (h - 1) % 2;
  claimRows = (h - first + 1) >> 1;
  for (let k = 0; k < claimRows; k++) {
    let x: u64 = 0;
    for (let c = 0; c < w; c++) for (let r = first; r <= first + 2 * k; r += 2) x |= bit(c * h1 + r);
    store<u64>(scratch + CLAIM_UP_TO + (<usize>k << 3), x);
  }
  claim = claimUpTo(claimRows - 1);
  spare = board + bottom;
  for (let i = 0; i < w; i++) {
    store<i32>(scratch + ORDER + (<usize>i << 2), (w >> 1) + ((1 - 2 * (i % 2)) * (i + 1)) / 2);
  }
  tableBase = tableAt;
  tableMask = (1 << bits) - 1;
  wide = wideTable;
  minScore = lowest;
  maxScore = highest;
  bias = 1 - lowest;
  noLower = lowest - 1;
  noUpper = highest + 1;
}

/** Sets the budget (nodes so far, next check point) and the table's generation; clears the other counts. */
export function begin(nodesSoFar: f64, nextCheck: f64, tableGeneration: u32): void {
  nodes = nodesSoFar;
  expanded = 0;
  checkAt = nextCheck;
  generation = tableGeneration;
  probes = 0;
  hits = 0;
}

export function searchedNodes(): f64 {
  return nodes;
}
export function expandedNodes(): f64 {
  return expanded;
}
export function tableProbes(): f64 {
  return probes;
}
export function tableHits(): f64 {
  return hits;
}

@inline function shl(x: u64, s: i32): u64 {
  return s >= 64 ? 0 : x << (<u64>s);
}
@inline function shr(x: u64, s: i32): u64 {
  return s >= 64 ? 0 : x >> (<u64>s);
}

/** The empty cells where the stones `p` would complete four in a row (m = all stones). */
function winningCells(p: u64, m: u64): u64 {
  let r = (p << 1) & (p << 2) & (p << 3);
  if (fast) {
    for (let d = height; d <= height + 2; d++) {
      const s = <u64>d;
      let q = (p << s) & (p << (s << 1));
      r |= (q & (p << (s * 3))) | (q & (p >> s));
      q = (p >> s) & (p >> (s << 1));
      r |= (q & (p << s)) | (q & (p >> (s * 3)));
    }
  } else {
    for (let d = height; d <= height + 2; d++) {
      let q = shl(p, d) & shl(p, 2 * d);
      r |= (q & shl(p, 3 * d)) | (q & shr(p, d));
      q = shr(p, d) & shr(p, 2 * d);
      r |= (q & shl(p, d)) | (q & shr(p, 3 * d));
    }
  }
  return r & (board ^ m);
}

/** The lowest cells of the fours the stones `p` hold in the direction `d` bits apart. */
@inline function fourStarts(p: u64, d: i32): u64 {
  const m = p & shr(p, d);
  return m & shr(m, 2 * d);
}

/** The stones `p` hold four in a row. */
function hasFour(p: u64): bool {
  if (fourStarts(p, 1) != 0) return true;
  for (let d = height; d <= height + 2; d++) if (fourStarts(p, d) != 0) return true;
  return false;
}

/** A 32-bit mix (lowbias32), as CompactTable's. */
@inline function mix(x: u32): u32 {
  x ^= x >> 16;
  x *= 0x7feb352d;
  x ^= x >> 15;
  x *= 0x846ca68b;
  return x ^ (x >> 16);
}

@inline function bucket(key: u64): usize {
  return tableBase + (<usize>((mix(<u32>key) ^ <u32>(key >> 32)) & tableMask) << 4);
}

/** Looks `key` up: true when found, its bounds and move then in foundLower, foundUpper, foundMove. */
@inline function probe(key: u64): bool {
  probes += 1;
  return wide ? probeWide(key) : probeCompact(key);
}

/** Keeps proven bounds and the best move of `key`, as the table's own store does. */
@inline function keep(key: u64, lower: i32, upper: i32, move: i32, work: u32): void {
  if (wide) keepWide(key, lower, upper, move, work);
  else keepCompact(key, lower, upper, move, work);
}

function probeCompact(key: u64): bool {
  const lo = <u32>key;
  const b = bucket(key);
  let found = load<u32>(b, 4);
  if (found >> 23 != generation || (load<u32>(b) ^ found) != lo) {
    found = load<u32>(b, 12);
    if (found >> 23 != generation || (load<u32>(b, 8) ^ found) != lo) return false;
  }
  hits += 1;
  const lower = <i32>(found & SCORE_CODES);
  const upper = <i32>((found >> 7) & SCORE_CODES);
  foundLower = lower == 0 ? noLower : lower - bias;
  foundUpper = upper == SCORE_CODES ? noUpper : upper - bias;
  foundMove = <i32>((found >> 14) & 15) - 1;
  return true;
}

function keepCompact(key: u64, lower: i32, upper: i32, move: i32, work: u32): void {
  const lo = <u32>key;
  const b = bucket(key);
  const gen = generation;
  let lowerCode: u32 = lower < minScore ? 0 : lower > maxScore ? SCORE_CODES : <u32>(lower + bias);
  let upperCode: u32 = upper > maxScore ? SCORE_CODES : upper < minScore ? 0 : <u32>(upper + bias);
  let moveCode: u32 = move < 0 || move > 14 ? 0 : <u32>(move + 1);
  let slot: usize = b;
  let found = false;
  for (let e = b; e <= b + 8; e += 8) {
    const old = load<u32>(e, 4);
    if (old >> 23 != gen || (load<u32>(e) ^ old) != lo) continue;
    // The same position again: both entries are proven, so keep the tighter of each bound.
    if ((old & SCORE_CODES) > lowerCode) lowerCode = old & SCORE_CODES;
    if (((old >> 7) & SCORE_CODES) < upperCode) upperCode = (old >> 7) & SCORE_CODES;
    if (moveCode == 0) moveCode = (old >> 14) & 15;
    const oldWork = (old >> 18) & 31;
    if (oldWork > work) work = oldWork;
    slot = e;
    found = true;
    break;
  }
  if (!found) {
    const first = load<u32>(b, 4);
    if (first >> 23 != gen || work >= ((first >> 18) & 31)) {
      // The first entry keeps the most work: the one it held moves down to the second.
      if (first >> 23 == gen) {
        store<u32>(b, load<u32>(b), 8);
        store<u32>(b, first, 12);
      }
      slot = b;
    } else {
      slot = b + 8;
    }
  }
  const data = lowerCode | (upperCode << 7) | (moveCode << 14) | (work << 18) | (gen << 23);
  store<u32>(slot, lo ^ data);
  store<u32>(slot, data, 4);
}

@inline function wideBucket(key: u64): usize {
  return tableBase + (<usize>(mix(<u32>key ^ mix(<u32>(key >> 32))) & tableMask) << 6);
}

/** The XOR of a wide entry's words after its check word: an entry torn by another thread fails it. */
@inline function checksum(e: usize): u32 {
  return (
    load<u32>(e, 4) ^
    load<u32>(e, 8) ^
    load<u32>(e, 12) ^
    load<u32>(e, 16) ^
    load<u32>(e, 20) ^
    load<u32>(e, 24) ^
    load<u32>(e, 28)
  );
}

/** The wide entry of `key` in its bucket (its bounds and move read into found*), or 0. */
function findWide(b: usize, key: u64): usize {
  const lo = <u32>key;
  const hi = <u32>(key >> 32);
  for (let e = b; e <= b + 32; e += 32) {
    if (load<u32>(e, 4) != lo || load<u32>(e, 8) != hi || load<u32>(e, 12) >> 21 != generation) continue;
    // Copy first, then check: what was copied is what the checksum vouches for.
    foundLower = <i32>load<f64>(e, 16);
    foundUpper = <i32>load<f64>(e, 24);
    foundMove = <i32>(load<u32>(e, 12) & WIDE_MOVES) - 1;
    if (load<u32>(e) == checksum(e)) return e;
  }
  return 0;
}

function probeWide(key: u64): bool {
  if (findWide(wideBucket(key), key) == 0) return false;
  hits += 1;
  return true;
}

function keepWide(key: u64, lower: i32, upper: i32, move: i32, work: u32): void {
  const b = wideBucket(key);
  const gen = generation;
  let moveCode: u32 = move < 0 || <u32>move >= WIDE_MOVES ? 0 : <u32>(move + 1);
  let slot = findWide(b, key);
  if (slot != 0) {
    if (foundLower > lower) lower = foundLower;
    if (foundUpper < upper) upper = foundUpper;
    if (moveCode == 0) moveCode = <u32>(foundMove + 1);
    const oldWork = (load<u32>(slot, 12) >> 16) & 31;
    if (oldWork > work) work = oldWork;
  } else {
    const first = load<u32>(b, 12);
    if (first >> 21 != gen || work >= ((first >> 16) & 31)) {
      if (first >> 21 == gen) memory.copy(b + 32, b, 32);
      slot = b;
    } else {
      slot = b + 32;
    }
  }
  store<u32>(slot, <u32>key, 4);
  store<u32>(slot, <u32>(key >> 32), 8);
  store<u32>(slot, moveCode | (work << 16) | (gen << 21), 12);
  store<f64>(slot, <f64>lower, 16);
  store<f64>(slot, <f64>upper, 24);
  store<u32>(slot, checksum(slot));
}

/**
 * Claimeven, with an even number of cells empty: the player to move
 * (stones f; the opponent's s; empty cells e; playable cells u) faces an
 * opponent who claims every empty claimed cell not playable now (q). When
 * the mover cannot complete four even with every other cell, or each four
 * it could complete is completed after one of the opponent's
 * (opponentFirst), its score is at most 0; when the opponent's stones and q
 * hold four, the mover loses at the latest when the four's highest claimed
 * row (row R) is filled: at most −⌊(H − R + 2) / 2⌋. Else no bound (above
 * every score).
 */
function claimeven(f: u64, s: u64, e: u64, u: u64): i32 {
  const q = claim & e & ~u;
  const mover = f | (e & ~q);
  if (hasFour(mover) && !opponentFirst(mover, s | q, e)) return noUpper;
  const rows = claimRows;
  // Claimed row k from the bottom is row R = H − 2·(rows − 1 − k) (1-based): a bound of k − rows.
  for (let k = 0; k < rows; k++) {
    if (hasFour(s | (q & claimUpTo(k)))) return k - rows;
  }
  return 0;
}

/**
 * Under claimeven, whether every four the mover could complete (in `mover`;
 * `e` the empty cells) is completed only after one of the opponent's (in
 * `opponent`): after one whose empty cells all lie below the mover's four's
 * empty cells in their columns. A cell is filled only after the one below
 * it, and the opponent takes its claimed cells, so such a four of the
 * opponent's is complete before the mover's can be, and the mover's fours
 * change nothing.
 */
function opponentFirst(mover: u64, opponent: u64, e: u64): bool {
  const stones = opponent & ~e;
  const claimed = opponent & e;
  for (let k = 0; k < 4; k++) {
    const d = k == 0 ? 1 : height + k - 1;
    let starts = fourStarts(mover, d);
    while (starts != 0) {
      const start = starts & (0 - starts);
      starts &= starts - 1;
      const x = (start | shl(start, d) | shl(start, 2 * d) | shl(start, 3 * d)) & e;
      // The four's highest empty cell in each of its columns; then, in those columns, the cells below
      // it (the spare bit above each column stops the borrow, and marks the columns it stopped in).
      const top = x & ~(x >> 1);
      const z = (top | spare) - bottom;
      const columns = z & spare;
      if (!hasFour(stones | (claimed & z & (columns - (columns >> <u64>height))))) return false;
    }
  }
  return true;
}

/** The cell a stone in column c lands on in the mirror image whose stones are s. */
@inline function mirrorMove(s: u64, c: i32): u64 {
  const mc = width - 1 - c;
  return (s + lowCell(mc)) & column(mc);
}

/**
 * The score of the position for the player to move, who cannot win at
 * once: c = the mover's stones, m = all stones, r and s the same of the
 * mirror image, n stones on the board.
 */
function negamax(c: u64, m: u64, r: u64, s: u64, n: i32, alpha: i32, beta: i32): i32 {
  const deferrable = deferOk;
  deferOk = false;
  const nodesAtStart = nodes;
  nodes += 1;
  if (nodes >= checkAt) checkAt = hostCheck(nodes);
  const x = c + m;
  const y = r + s;
  const mirrored = y < x;
  const key = mirrored ? y : x;
  // Playable cells: the lowest empty cell of each column.
  let possible = (m + bottom) & board;
  const playable = possible;
  // The opponent's winning cells; a playable one must be blocked, two lose.
  const o = winningCells(c ^ m, m);
  const forced = possible & o;
  if (forced != 0) {
    if ((forced & (forced - 1)) != 0) return -((cells - n) >> 1);
    possible = forced;
  }
  // Never below an opponent's winning cell.
  possible &= ~(o >> 1);
  if (possible == 0) return -((cells - n) >> 1);
  if (n >= cells - 2) return 0;
  // The opponent cannot win with its next stone, the mover not with this one.
  const min = -((cells - 2 - n) >> 1);
  if (alpha < min) {
    alpha = min;
    if (alpha >= beta) return alpha;
  }
  let max = (cells - 1 - n) >> 1;
  if (beta > max) {
    beta = max;
    if (alpha >= beta) return beta;
  }
  // A player who cannot complete four even with every empty cell cannot win.
  const e = board & ~m;
  const nc = c ^ m;
  if (beta > 0 && !hasFour(c | e)) {
    beta = 0;
    if (alpha >= beta) return beta;
  }
  if (alpha < 0 && !hasFour(nc | e)) {
    alpha = 0;
    if (alpha >= beta) return alpha;
  }
  // Claimeven (an even number of cells empty): the opponent's follow-up bounds the mover's score.
  if (((cells - n) & 1) == 0 && beta > -((height + 1) >> 1)) {
    const bound = claimeven(c, nc, e, playable);
    if (beta > bound) {
      beta = bound;
      if (alpha >= beta) return beta;
    }
  }
  const nr = r ^ s;
  // One possible move: play it without ordering or storing.
  if ((possible & (possible - 1)) == 0) {
    for (let i = 0; i < width; i++) {
      const col = order(i);
      const b = possible & column(col);
      if (b == 0) continue;
      return -negamax(nc, m | b, nr, s | mirrorMove(s, col), n + 1, -beta, -alpha);
    }
  }
  expanded += 1;
  const childClaimeven = ((cells - n) & 1) == 1;
  const halfHeight = (height + 1) >> 1;
  // Each move: a win at once if the opponent cannot stop the mover's next stone; else its threats order it.
  const cols = scratch + COLS + ((<usize>(n * width)) << 2);
  const keys = scratch + KEYS + ((<usize>(n * width)) << 2);
  let count = 0;
  for (let i = width - 1; i >= 0; i--) {
    const col = order(i);
    const b = possible & column(col);
    if (b == 0) continue;
    const a = m | b;
    const t = winningCells(c | b, a);
    const u = (a + bottom) & board;
    const q = u & t;
    if (q != 0) {
      // Two playable threats, or one with another right above it: the opponent cannot stop both.
      if ((q & (q - 1)) != 0 || ((q << 1) & t) != 0) return max;
    } else if ((u & ~(t >> 1)) == 0) {
      // Every move of the opponent's is right below one of the mover's winning cells.
      return max;
    }
    if (childClaimeven && beta <= halfHeight) {
      // The opponent moves next with an even number of cells empty: what claimeven bounds its
      // score by, the mover gets at least by this move.
      const least = -claimeven(nc, c | b, board & ~a, u);
      if (least >= beta) return least;
    }
    // Useful threats (not right above an opponent's winning cell), most of all those that
    // become playable after one more stone.
    const v = t & ~(o << 1);
    const score = <i32>(4 * popcnt(v & (u << 1)) + popcnt(v));
    let j = count++;
    while (j > 0 && load<i32>(keys + (<usize>(j - 1) << 2)) > score) {
      store<i32>(keys + (<usize>j << 2), load<i32>(keys + (<usize>(j - 1) << 2)));
      store<i32>(cols + (<usize>j << 2), load<i32>(cols + (<usize>(j - 1) << 2)));
      j--;
    }
    store<i32>(keys + (<usize>j << 2), score);
    store<i32>(cols + (<usize>j << 2), col);
  }
  // No move wins at the mover's next stone: not before the one after.
  max = (cells - 3 - n) >> 1;
  if (beta > max) {
    beta = max;
    if (alpha >= beta) return beta;
  }
  const alphaAtStart = alpha;
  let first = -1;
  const tabled = cells - n >= TABLE_EMPTY;
  if (tabled && probe(key)) {
    if (foundLower > alpha) {
      alpha = foundLower;
      if (alpha >= beta) return alpha;
    }
    if (foundUpper < beta) {
      beta = foundUpper;
      if (alpha >= beta) return beta;
    }
    first = foundMove;
    if (first >= 0 && mirrored) first = width - 1 - first;
  }
  let best = -cells;
  let bestMove = -1;
  // Enhanced transposition cutoffs: a child already proven bad enough for the opponent cuts at once,
  // and a move already proven to fail low is not searched (its bound counts towards the best).
  // The children's keys are all made first, then looked up.
  if (cells - n >= ETC_EMPTY) {
    const child = scratch + CHILD;
    for (let j = 0; j < count; j++) {
      const col = load<i32>(cols + (<usize>j << 2));
      const cx = nc + (m | (possible & column(col)));
      const cy = nr + (s | mirrorMove(s, col));
      store<u64>(child + (<usize>j << 3), cy < cx ? cy : cx);
    }
    let left = 0;
    for (let j = 0; j < count; j++) {
      const col = load<i32>(cols + (<usize>j << 2));
      if (probe(load<u64>(child + (<usize>j << 3)))) {
        if (-foundUpper >= beta) return -foundUpper;
        if (-foundLower <= alpha) {
          if (-foundLower > best) {
            best = -foundLower;
            bestMove = col;
          }
          continue;
        }
      }
      store<i32>(cols + (<usize>left << 2), col);
      left++;
    }
    count = left;
  }
  // Parallel search: mark the position as searched by this thread, or put it off when another
  // thread is already searching it and the parent may come back to it later.
  const marking = marked && cells - n >= MARK_EMPTY;
  if (marking) {
    if (deferrable && markBusy(key)) return PUT_OFF;
    markEnter(key);
  }
  // The table's move first, then the rest by threats (most first).
  if (first >= 0) {
    const top = count - 1;
    for (let j = 0; j < top; j++) {
      if (load<i32>(cols + (<usize>j << 2)) != first) continue;
      for (let k = j; k < top; k++) store<i32>(cols + (<usize>k << 2), load<i32>(cols + (<usize>(k + 1) << 2)));
      store<i32>(cols + (<usize>top << 2), first);
      break;
    }
  }
  // Moves put off (parallel search) are searched after the others, without putting them off again.
  const later = scratch + LATER + ((<usize>(n * width)) << 2);
  let putOff = 0;
  for (let j = count - 1; j >= -putOff; j--) {
    const col = j >= 0 ? load<i32>(cols + (<usize>j << 2)) : load<i32>(later + (<usize>(-j - 1) << 2));
    const b = possible & column(col);
    deferOk = marking && j >= 0 && j < count - 1;
    const score = -negamax(nc, m | b, nr, s | mirrorMove(s, col), n + 1, -beta, -alpha);
    if (score == -PUT_OFF) {
      store<i32>(later + (<usize>putOff << 2), col);
      putOff++;
      continue;
    }
    if (score > best) {
      best = score;
      bestMove = col;
      if (score >= beta) break;
      if (score > alpha) alpha = score;
    }
  }
  if (marking) markLeave();
  if (!tabled) return best;
  // The work an entry records: ⌊log2(nodes)⌋.
  const spent = nodes - nodesAtStart;
  const work = <u32>(31 - clz(<u32>(spent > 2147483647 ? 2147483647 : spent)));
  const kept = mirrored ? width - 1 - bestMove : bestMove;
  if (best >= beta) keep(key, best, noUpper, kept, work);
  else if (best <= alphaAtStart) keep(key, noLower, best, -1, work);
  else keep(key, best, best, kept, work);
  return best;
}

@inline function join(lo: u32, hi: u32): u64 {
  return ((<u64>hi) << 32) | <u64>lo;
}

/**
 * Fail-soft alpha-beta from a position (each bitboard in two 32-bit
 * halves: the mover's stones c, all stones m, and the same r, s of the
 * mirror image; n stones) whose mover cannot win at once.
 */
export function search(
  c0: u32,
  c1: u32,
  m0: u32,
  m1: u32,
  r0: u32,
  r1: u32,
  s0: u32,
  s1: u32,
  n: i32,
  alpha: i32,
  beta: i32,
): i32 {
  deferOk = false;
  return negamax(join(c0, c1), join(m0, m1), join(r0, r1), join(s0, s1), n, alpha, beta);
}
