/**
 * The perfect hash of Dobutsu positions seen by the player to move (board.ts's
 * cell codes, the mover moving up), with left–right mirror images folded by
 * the lions' squares.
 *
 * index = pairBase(lions) + rest, where
 * - the lions: the ordered pair (mover's lion, opponent's lion), 132 of
 *   them. A pair and its mirror image are one class of 72: a position whose
 *   pair is not the smaller of the two is ranked as its mirror image. The 12
 *   pairs with both lions on file b are their own mirror images; there the
 *   index is the smaller of the position's and its mirror image's (the other
 *   index exists but is never produced).
 * - rest (`rest` of them per lion class; 11,878,227 in the full game): the ten free
 *   squares (in square order) are split into two halves of five; each
 *   square holds a digit 0–8 (board.ts), so a half is a base-9 code of five
 *   digits. A half's class is what it holds: g + 3e + 9c pieces of each kind
 *   (0–2 each, either colour, a hen counted as a chick). Positions are laid
 *   out by (class of the whole board K, the mover's hand, class of the left
 *   half cL) in blocks of size(cL) · size(K − cL), and inside a block by the
 *   rank of each half among the codes of its class:
 *       rest = BLOCK[cL, cR, hand] + rank(L) · size(cR) + rank(R).
 *   The opponent's hand is what is left: 2 − on the board − the mover's, per
 *   kind.
 *
 * Ranking is two base-9 sums (one multiply-add per free square, or a few
 * for a position that differs from a known one in a square or two), two
 * lookups in a 59,049-entry table and one in the block table: no loops over
 * classes, no BigInt, no allocation. Unranking finds the block through a
 * bucket table and reads each half's digits from a table.
 *
 * The "flip" tables serve flip-frame.ts, which ranks the same board seen by
 * the other player (a half-turn, colours swapped) without building it: the
 * frame of every child and every parent of a position.
 */

import { KINDS, mirror, OPP_LION, OWN_LION, rotate, SQUARES } from './board.js';

const DIGITS = 9;
const HALF = 5;
/** Codes of a half: 9^5. */
export const HALF_CODES = DIGITS ** HALF;
/** Class vectors g + 3e + 9c, each count 0–2. */
const CLASSES = 27;
export const KIND_WEIGHT = Int32Array.of(1, 3, 9);
/** The kind of each digit (board.ts cell codes 0–8): −1 empty, 0 giraffe, 1 elephant, 2 chick or hen. */
const KIND_OF_DIGIT = Int8Array.of(-1, 0, 1, 2, 2, 0, 1, 2, 2);
/** 1 for the digits of the mover's pieces, and of the opponent's. */
const MOVERS = Int32Array.of(0, 1, 1, 1, 1, 0, 0, 0, 0);
const OPPONENTS = Int32Array.of(0, 0, 0, 0, 0, 1, 1, 1, 1);

const count = (vector: number, kind: number): number => ((vector / KIND_WEIGHT[kind]) | 0) % 3;

// ---- Halves: code ↔ (class, rank) -------------------------------------------------------------

/** HALF_INFO[code] = class + 32 · (rank of the code among its class's codes); −1 if a kind appears 3+ times. */
const HALF_INFO = new Int32Array(HALF_CODES);
/** CLASS_SIZE[class]: the codes of a half with those pieces. */
const CLASS_SIZE = new Int32Array(CLASSES);
const CLASS_START = new Int32Array(CLASSES + 1);
/**
 * The digits of the code of rank r in class c, 4 bits each:
 * HALF_DIGITS[CLASS_START[c] + r] (room for every code; the valid ones fill its start).
 */
const HALF_DIGITS = new Int32Array(HALF_CODES);

/** Fills the four tables above (see `fillTables`). */
function fillHalfTables(): void {
  const classOf = new Int32Array(HALF_CODES);
  for (let code = 0; code < HALF_CODES; code++) {
    let vector = 0;
    let valid = true;
    for (let k = 0, x = code; k < HALF; k++, x = (x / DIGITS) | 0) {
      const kind = KIND_OF_DIGIT[x % DIGITS];
      if (kind < 0) continue;
      if (count(vector, kind) === 2) valid = false;
      else vector += KIND_WEIGHT[kind];
    }
    classOf[code] = valid ? vector : -1;
    HALF_INFO[code] = valid ? vector + 32 * CLASS_SIZE[vector]++ : -1;
  }
  for (let c = 0; c < CLASSES; c++) CLASS_START[c + 1] = CLASS_START[c] + CLASS_SIZE[c];
  for (let code = 0; code < HALF_CODES; code++) {
    if (classOf[code] < 0) continue;
    let packed = 0;
    for (let k = 0, x = code; k < HALF; k++, x = (x / DIGITS) | 0) packed |= (x % DIGITS) << (4 * k);
    HALF_DIGITS[CLASS_START[classOf[code]] + (HALF_INFO[code] >> 5)] = packed;
  }
}

// ---- Lion pairs and square weights --------------------------------------------------------------

/** Ordered lion pairs as ord = 12 · (mover's lion) + (opponent's lion). */
const ORDS = SQUARES * SQUARES;
const PAIRS = 72;
const mirrorOrd = (ord: number): number => mirror((ord / SQUARES) | 0) * SQUARES + mirror(ord % SQUARES);

/** PAIR_OF[ord]: the class (0 … 71) of a lion pair; −1 for lions on one square. */
const PAIR_OF = new Int32Array(ORDS).fill(-1);
/** SELF[ord] = 1 when both lions are on file b (the pair is its own mirror image). */
export const SELF = new Uint8Array(ORDS);
/** The lions of each class's representative (the smaller of the pair and its mirror). */
const PAIR_OWN = new Int32Array(PAIRS);
const PAIR_OPP = new Int32Array(PAIRS);
/** FREE[pair · 10 + k]: the k-th free square of a class's representative (0–4 left half, 5–9 right). */
const FREE = new Int32Array(PAIRS * 10);

/**
 * Weights of a square's digit in the left and right half codes, per ord:
 * W_LEFT[ord · 12 + s] (0 when s is not in that half or holds a lion). An ord
 * that is not its class's representative weighs the mirror square, so its
 * codes are those of the mirror image. W_*_MIRROR: the codes of the mirror
 * image, for SELF ords.
 */
const W_LEFT = new Int32Array(ORDS * SQUARES);
const W_RIGHT = new Int32Array(ORDS * SQUARES);
const W_LEFT_MIRROR = new Int32Array(ORDS * SQUARES);
const W_RIGHT_MIRROR = new Int32Array(ORDS * SQUARES);

/** FLIP[ord]: the lion pair seen by the other player (both squares turned by a half-turn, the roles swapped). */
export const FLIP = new Int32Array(ORDS);
/** A cell code as a digit of the other player's frame: colours swapped, lions 0 (they are ranked by square). */
export const FLIP_DIGIT = Int32Array.of(0, 5, 6, 7, 8, 1, 2, 3, 4, 0, 0);
/** MIRRORED[ord] = 1 when a pair is ranked as its mirror image (it is not its class's representative). */
export const MIRRORED = new Uint8Array(ORDS);

/**
 * The other player's codes as one sequence of digits: seen by the other
 * player, the free squares are read in the order of their squares there,
 * rotate(s), or — for a pair ranked as its mirror image — mirror(rotate(s)).
 * FLIP_ORDER_A[s] and FLIP_ORDER_B[s] are square s's place in the two
 * orders; with the two lion squares left out, the first five digits make the
 * left code and the next five the right. So a lion's move, which changes
 * which squares are left out, is two subtractions of prefix sums
 * (flip-frame.ts) instead of a sum over the board.
 */
export const FLIP_ORDER_A = Int32Array.from({ length: SQUARES }, (_, s) => rotate(s));
export const FLIP_ORDER_B = Int32Array.from({ length: SQUARES }, (_, s) => mirror(rotate(s)));
export const POW9 = Float64Array.from({ length: SQUARES + 1 }, (_, k) => DIGITS ** k);

/** Fills the lion pairs' tables and the square weights above (see `fillTables`). */
function fillPairTables(): void {
  let pairs = 0;
  for (let ord = 0; ord < ORDS; ord++) {
    const own = (ord / SQUARES) | 0;
    const opp = ord % SQUARES;
    if (own === opp) continue;
    const m = mirrorOrd(ord);
    SELF[ord] = m === ord ? 1 : 0;
    MIRRORED[ord] = m < ord ? 1 : 0;
    if (m < ord) continue;
    PAIR_OF[ord] = PAIR_OF[m] = pairs;
    PAIR_OWN[pairs] = own;
    PAIR_OPP[pairs] = opp;
    let k = 0;
    for (let s = 0; s < SQUARES; s++) {
      if (s === own || s === opp) continue;
      FREE[pairs * 10 + k] = s;
      const w = DIGITS ** (k % HALF);
      const weights = k < HALF ? W_LEFT : W_RIGHT;
      weights[ord * SQUARES + s] = w;
      if (m !== ord) weights[m * SQUARES + mirror(s)] = w;
      k++;
    }
    pairs++;
  }
  for (let ord = 0; ord < ORDS; ord++) {
    const own = (ord / SQUARES) | 0;
    const opp = ord % SQUARES;
    if (own === opp) continue;
    FLIP[ord] = rotate(opp) * SQUARES + rotate(own);
    for (let s = 0; s < SQUARES; s++) {
      const at = ord * SQUARES + s;
      W_LEFT_MIRROR[at] = W_LEFT[ord * SQUARES + mirror(s)];
      W_RIGHT_MIRROR[at] = W_RIGHT[ord * SQUARES + mirror(s)];
    }
  }
}

/**
 * Fills every table of this file but the small square orders, once, when the
 * first layout is made (every user of the tables has a layout): some 600,000
 * steps that every `yomi` command would otherwise pay when the list of games
 * is loaded (about 15 ms of CPU at each start, and still 0.5 ms for the lion
 * pairs alone).
 */
function fillTables(): void {
  if (CLASS_START[CLASSES] !== 0) return;
  fillHalfTables();
  fillPairTables();
}

/** The kinds' counts of a board class plus a hand, each at most 2 (hand codes are class vectors too). */
const fits = (board: number, hand: number, kinds: number): boolean => {
  for (let k = 0; k < KINDS; k++) {
    const total = count(board, k) + count(hand, k);
    if (total > ((kinds >> k) & 1) * 2) return false;
  }
  return true;
};

// ---- The layout of one variant ---------------------------------------------------------------------

const BUCKET_SHIFT = 12;

/**
 * The index layout of a variant: `kinds` is a bit mask of the pairs in play
 * (1 giraffes, 2 elephants, 4 chicks); a pair not in play is neither on the
 * board nor in hand.
 */
export class DobutsuLayout {
  /** Positions per lion class (11,878,227 in the full game). */
  readonly rest: number;
  /** Indices: 72 · rest. */
  readonly size: number;
  /** The smallest index of a lion pair: PAIR_BASE[ord] = class · rest. */
  readonly pairBase = new Int32Array(ORDS);
  /** BLOCK[(cL · 27 + cR) · 27 + hand]: the first rest of a block; −1 where none. */
  private readonly block = new Int32Array(CLASSES * CLASSES * CLASSES).fill(-1);
  // Blocks in index order, for unranking.
  private readonly blockStart: Int32Array;
  private readonly blockLeft: Uint8Array;
  private readonly blockRight: Uint8Array;
  private readonly blockHand: Uint8Array;
  private readonly blockOppHand: Uint8Array;
  /** BUCKET[rest >> BUCKET_SHIFT]: the block holding the bucket's first rest. */
  private readonly bucket: Int32Array;

  constructor(readonly kinds: number) {
    fillTables();
    const starts: number[] = [];
    const fields: number[][] = [];
    let offset = 0;
    for (let whole = 0; whole < CLASSES; whole++) {
      if (!fits(whole, 0, kinds)) continue;
      for (let hand = 0; hand < CLASSES; hand++) {
        if (!fits(whole, hand, kinds)) continue;
        let oppHand = 0;
        for (let k = 0; k < KINDS; k++) {
          oppHand += (((kinds >> k) & 1) * 2 - count(whole, k) - count(hand, k)) * KIND_WEIGHT[k];
        }
        for (let left = 0; left < CLASSES; left++) {
          let inside = true;
          for (let k = 0; k < KINDS; k++) if (count(left, k) > count(whole, k)) inside = false;
          const right = whole - left;
          const size = inside ? CLASS_SIZE[left] * CLASS_SIZE[right] : 0;
          if (size === 0) continue;
          this.block[(left * CLASSES + right) * CLASSES + hand] = offset;
          starts.push(offset);
          fields.push([left, right, hand, oppHand]);
          offset += size;
        }
      }
    }
    this.rest = offset;
    this.size = PAIRS * offset;
    for (let ord = 0; ord < ORDS; ord++) this.pairBase[ord] = Math.max(0, PAIR_OF[ord]) * offset;
    this.blockStart = Int32Array.from([...starts, offset]);
    this.blockLeft = Uint8Array.from(fields, (f) => f[0]);
    this.blockRight = Uint8Array.from(fields, (f) => f[1]);
    this.blockHand = Uint8Array.from(fields, (f) => f[2]);
    this.blockOppHand = Uint8Array.from(fields, (f) => f[3]);
    this.bucket = new Int32Array((offset >> BUCKET_SHIFT) + 1);
    for (let j = 0, b = 0; j < this.bucket.length; j++) {
      while (this.blockStart[b + 1] <= j << BUCKET_SHIFT) b++;
      this.bucket[j] = b;
    }
  }

  /** The rest of a board whose halves have the codes `left` and `right`, with `hand` the mover's hand. */
  restOf(left: number, right: number, hand: number): number {
    const l = HALF_INFO[left];
    const r = HALF_INFO[right];
    const c = r & 31;
    return this.block[((l & 31) * CLASSES + c) * CLASSES + hand] + (l >> 5) * CLASS_SIZE[c] + (r >> 5);
  }

  /**
   * The index of a position: `cells` (board.ts codes, the mover moving up),
   * the lions' squares, the mover's hand (g + 3e + 9c).
   */
  rank(cells: Uint8Array, own: number, opp: number, hand: number): number {
    const ord = own * SQUARES + opp;
    const at = ord * SQUARES;
    let left = 0;
    let right = 0;
    for (let s = 0; s < SQUARES; s++) {
      left += cells[s] * W_LEFT[at + s];
      right += cells[s] * W_RIGHT[at + s];
    }
    const index = this.pairBase[ord] + this.restOf(left, right, hand);
    if (SELF[ord] === 0) return index;
    left = 0;
    right = 0;
    for (let s = 0; s < SQUARES; s++) {
      left += cells[s] * W_LEFT_MIRROR[at + s];
      right += cells[s] * W_RIGHT_MIRROR[at + s];
    }
    return Math.min(index, this.pairBase[ord] + this.restOf(left, right, hand));
  }

  /**
   * Writes the representative of index `i` into `cells` (all 12 squares) and
   * `out` = [mover's lion, opponent's lion, mover's hand, opponent's hand,
   * the mover's squares, the opponent's squares] (squares as bit masks).
   */
  unrank(i: number, cells: Uint8Array, out: Int32Array): void {
    const pair = (i / this.rest) | 0;
    const rest = i - pair * this.rest;
    let b = this.bucket[rest >> BUCKET_SHIFT];
    while (this.blockStart[b + 1] <= rest) b++;
    const x = rest - this.blockStart[b];
    const left = this.blockLeft[b];
    const right = this.blockRight[b];
    const size = CLASS_SIZE[right];
    const rankLeft = (x / size) | 0;
    const digitsLeft = HALF_DIGITS[CLASS_START[left] + rankLeft];
    const digitsRight = HALF_DIGITS[CLASS_START[right] + x - rankLeft * size];
    const own = PAIR_OWN[pair];
    const opp = PAIR_OPP[pair];
    let mine = 1 << own;
    let theirs = 1 << opp;
    const free = pair * 10;
    for (let k = 0; k < HALF; k++) {
      const sl = FREE[free + k];
      const sr = FREE[free + HALF + k];
      const l = (digitsLeft >> (4 * k)) & 15;
      const r = (digitsRight >> (4 * k)) & 15;
      cells[sl] = l;
      cells[sr] = r;
      // Table lookups, not branches: the digits of a random index are random.
      mine |= (MOVERS[l] << sl) | (MOVERS[r] << sr);
      theirs |= (OPPONENTS[l] << sl) | (OPPONENTS[r] << sr);
    }
    cells[own] = OWN_LION;
    cells[opp] = OPP_LION;
    out[0] = own;
    out[1] = opp;
    out[2] = this.blockHand[b];
    out[3] = this.blockOppHand[b];
    out[4] = mine;
    out[5] = theirs;
  }
}
