/**
 * The order of retrograde analysis on one tier, as batches of steps
 * (workspace.ts) that may run in parallel: the counting of every position,
 * then level by level the propagation of the positions settled at that level
 * (from this tier and from the child tiers' values), wins and losses first,
 * ties after, and last the values of endless play. Written once as a
 * generator: a runner executes each batch — inline (run-tier.ts) or on
 * worker threads (src/threads/) — and sends the results back.
 */

import { BudgetError } from '../../core/errors.js';
import { grouped } from '../../core/grouped.js';
import { type Encoding, PARITY8, WL8, widerEncoding } from '../../core/packed-value.js';
import { type CountResult, levelKey, type Pass } from './workspace.js';

export type Step =
  /** (Re)allocate the tier's tables, all unsettled, in this encoding. */
  | { op: 'allocate'; encoding: Encoding }
  | { op: 'count'; lo: number; hi: number }
  | {
      op: 'propagate';
      pass: Pass;
      level: number;
      /** The tier the settled positions are in (this tier, or a child tier scanned for the level's codes). */
      from: number;
      /** In-tier: the settled positions (views of the lists a step returned); absent: scan positions lo … hi−1 of tier `from`. */
      entries?: Int32Array[];
      lo: number;
      hi: number;
    }
  /**
   * The values outgrow the encoding: widen the tables before the next batch
   * (its result: false when the values cannot be held so — parity8 needs
   * every value's parity — and the tables are left as they were).
   */
  | { op: 'widen'; encoding: Encoding }
  | { op: 'endless'; lo: number; hi: number };

/** A step's result: what counting found, the positions a propagation settled, or whether a widening held. */
export type StepResult = CountResult | Int32Array[] | boolean | undefined;

export interface TierPlan {
  tier: number;
  size: number;
  /** Pieces each range is cut into (a few per thread). */
  parts: number;
  /** The encoding to try first (widened when a value does not fit). */
  encoding: Encoding;
  /** The solved child tiers: their sizes and the largest remoteness of each pass in their values. */
  children: readonly { tier: number; size: number; maxLevel: Readonly<Record<Pass, number>> }[];
  endless: boolean;
  /** Some moves keep the turn: values need not have the parity that parity8 relies on. */
  extraTurns: boolean;
}

export interface TierRun {
  moves: number;
  /** The largest remoteness a value settled with, per pass (−1: none). */
  maxLevel: Record<Pass, number>;
  /** The encoding the values ended in, and why it was widened (if it was). */
  encoding: Encoding;
  widened?: string;
}

/** lo … hi ranges covering 0 … size−1 in `parts` pieces. */
export function ranges(size: number, parts: number): [number, number][] {
  const out: [number, number][] = [];
  const step = Math.max(1, Math.ceil(size / Math.max(1, parts)));
  for (let lo = 0; lo < size; lo += step) out.push([lo, Math.min(size, lo + step)]);
  return out;
}

/**
 * The steps that propagate `arrays` (positions settled at `level`): about
 * `parts` steps of equal length, each over views of one or more arrays (a
 * step per array would multiply the steps level after level, as each step
 * returns lists of its own).
 */
function splitEntries(plan: TierPlan, pass: Pass, level: number, arrays: readonly Int32Array[]): Step[] {
  const total = arrays.reduce((a, x) => a + x.length, 0);
  const target = Math.max(1, Math.ceil(total / plan.parts));
  const steps: Step[] = [];
  let views: Int32Array[] = [];
  let taken = 0;
  const close = () => {
    steps.push({ op: 'propagate', pass, level, from: plan.tier, entries: views, lo: 0, hi: taken });
    views = [];
    taken = 0;
  };
  for (const entries of arrays) {
    for (let at = 0; at < entries.length; ) {
      const n = Math.min(entries.length - at, target - taken);
      views.push(entries.subarray(at, at + n));
      at += n;
      taken += n;
      if (taken === target) close();
    }
  }
  if (taken > 0) close();
  return steps;
}

export function* tierSteps(plan: TierPlan): Generator<Step[], TierRun, StepResult[]> {
  const pending = new Map<string, Int32Array[]>();
  let encoding = plan.encoding;
  const run: TierRun = { moves: 0, maxLevel: { wl: -1, tie: -1 }, encoding };
  const add = (key: string, arrays: readonly Int32Array[]) => {
    if (!arrays.some((a) => a.length > 0)) return;
    const [pass, level] = key.split(':') as [Pass, string];
    run.maxLevel[pass] = Math.max(run.maxLevel[pass], Number(level));
    const list = pending.get(key);
    if (list) list.push(...arrays);
    else pending.set(key, [...arrays]);
  };
  // Count; a value the encoding cannot hold (a tie, an endless value) means counting again, wider.
  for (;;) {
    yield [{ op: 'allocate', encoding }];
    const counted = (yield ranges(plan.size, plan.parts).map(
      ([lo, hi]): Step => ({ op: 'count', lo, hi }),
    )) as CountResult[];
    const narrow = counted.find((c) => c.tooNarrow !== undefined)?.tooNarrow;
    if (narrow === undefined) {
      for (const c of counted) {
        run.moves += c.moves;
        run.maxLevel.wl = Math.max(run.maxLevel.wl, c.primitiveLevel);
        for (const [key, arrays] of c.levels) add(key, arrays);
      }
      break;
    }
    encoding = widerOf(encoding);
    run.widened = narrow;
  }
  for (const pass of ['wl', 'tie'] as const) {
    const lastPending = () => {
      let last = -1;
      for (const key of pending.keys()) {
        const [p, l] = key.split(':');
        if (p === pass && Number(l) > last) last = Number(l);
      }
      return last;
    };
    for (let level = 0; ; level++) {
      const key = levelKey(pass, level);
      const arrays = pending.get(key) ?? [];
      pending.delete(key);
      const children = plan.children.filter((c) => c.maxLevel[pass] >= level);
      if (arrays.length === 0 && children.length === 0) {
        if (lastPending() < level) break;
        continue;
      }
      if (level + 1 > encoding.maxRemoteness) {
        run.widened = `a remoteness above ${level} plies`;
        // One byte still holds wins in odd plies and losses in even ones up to 253 plies, when every value so far has its parity.
        const [kept] =
          encoding === WL8 && !plan.extraTurns ? yield [{ op: 'widen', encoding: PARITY8 }] : [false];
        encoding = kept ? PARITY8 : widerOf(encoding);
        if (!kept) yield [{ op: 'widen', encoding }];
      }
      const steps = splitEntries(plan, pass, level, arrays);
      for (const c of children) {
        for (const [lo, hi] of ranges(c.size, plan.parts)) {
          steps.push({ op: 'propagate', pass, level, from: c.tier, lo, hi });
        }
      }
      const settled = (yield steps) as Int32Array[][];
      add(levelKey(pass, level + 1), settled.flat());
    }
  }
  if (plan.endless) yield ranges(plan.size, plan.parts).map(([lo, hi]): Step => ({ op: 'endless', lo, hi }));
  run.encoding = encoding;
  return run;
}

function widerOf(e: Encoding): Encoding {
  const wider = widerEncoding(e);
  if (wider === undefined) {
    throw new BudgetError(`a remoteness above ${grouped(e.maxRemoteness)} plies does not fit`);
  }
  return wider;
}
