/**
 * `yomi grundy` for the loopy token games (subtraction-mod, digraph): the
 * generalized Sprague–Grundy value of every place of the board — a nimber,
 * or ∞(K) — and, with `--heaps` (or the game's own row of tokens), the row
 * as a sum decided from those values without building the product: the
 * outcome for the player to move, why, and every winning move.
 */

import { YomiError } from '../core/errors.js';
import { grouped } from '../core/grouped.js';
import {
  formatTokenMove,
  isTokenDefinition,
  type TokenBoard,
  tokensOf,
} from '../games/impartial/token-game.js';
import { resolveSpec } from '../games/open.js';
import { formatGsg, type GsgTable, type GsgValue, gsgAt, gsgValues } from '../solvers/gsg.js';
import { analyzePositionsSum, type GsgSumAnalysis } from '../solvers/gsg-sum.js';
import { type JsonGsg, jsonGsg } from './gsg-json.js';
import { printJson } from './print-json.js';
import { progressBar } from './progress.js';

/** `--json`: what `yomi grundy` prints for a token game, as data. */
export interface TokenGrundyJson {
  family: string;
  /** G(0) … G(upto), and how many places of the board have each kind of value. */
  values?: {
    upto: number;
    values: JsonGsg[];
    places: number;
    /** Places of nimber 0 (lost), of a nimber > 0 (won), ∞ with 0 ∈ K (won), other ∞ (drawn). */
    zero: number;
    nimbers: number;
    infiniteWon: number;
    infiniteDrawn: number;
    /** Levels of the algorithm (nimbers labeled one at a time). */
    levels: number;
  };
  sum?: {
    heaps: number[];
    values: JsonGsg[];
    value: JsonGsg;
    outcome: 'win' | 'lose' | 'draw';
    winning: { move: string; heap: number; from: number; to: number; before: JsonGsg; after: JsonGsg }[];
  };
}

export interface TokenGrundyFlags {
  upto?: number;
  heaps?: number[];
  json?: boolean;
}

const ROW = 10;
const DEFAULT_UPTO = 29;
const MAX_LISTED_MOVES = 50;

/** The board a spec names when it is a token game, with the row its parameters give; else undefined. */
export function tokenBoardOf(text: string): { board: TokenBoard; heaps?: number[] } | undefined {
  if (/^\d\.\d*$/.test(text.trim())) return undefined;
  const { def, params, given } = resolveSpec(text);
  if (!isTokenDefinition(def)) return undefined;
  const board = def.board(params);
  return { board, heaps: Object.hasOwn(given, def.tokensParam) ? tokensOf(def, params, board) : undefined };
}

/** Runs `yomi grundy` on a token game's board. */
export function tokenGrundy(found: { board: TokenBoard; heaps?: number[] }, flags: TokenGrundyFlags): void {
  const { board } = found;
  const game = board.component;
  const heaps = flags.heaps ?? found.heaps;
  for (const p of heaps ?? []) {
    if (p >= game.size)
      throw new YomiError(`${board.name}: ${p} is not a place of the board (0 … ${game.size - 1})`);
  }
  const progress = progressBar();
  let table: GsgTable;
  try {
    table = gsgValues(game, { onProgress: progress.onProgress });
  } finally {
    progress.stop();
  }
  const json: TokenGrundyJson = { family: board.name };
  const blocks: string[] = [];
  if (flags.upto !== undefined || heaps === undefined) {
    const upto = Math.min(game.size - 1, flags.upto ?? DEFAULT_UPTO);
    const values = Array.from({ length: upto + 1 }, (_, p) => gsgAt(game, table, p));
    const counts = countValues(board, table);
    blocks.push(formatValues(board, values, counts));
    json.values = { upto, values: values.map(jsonGsg), places: game.size, ...counts, levels: table.levels };
  }
  if (heaps !== undefined) {
    const sum = analyzePositionsSum(game, table, heaps);
    blocks.push(formatSum(board, heaps, sum));
    json.sum = {
      heaps,
      values: sum.values.map(jsonGsg),
      value: jsonGsg(sum.decision.value),
      outcome: sum.decision.outcome,
      winning: sum.winning.map((m) => {
        const to = childAt(board, heaps[m.component], m.move);
        return {
          move: formatTokenMove(board, { token: m.component, from: heaps[m.component], to }),
          heap: m.component + 1,
          from: heaps[m.component],
          to,
          before: jsonGsg(sum.values[m.component]),
          after: jsonGsg(m.value),
        };
      }),
    };
  }
  if (flags.json) printJson(json);
  else process.stdout.write(`${blocks.join('\n\n')}\n`);
}

interface Counts {
  zero: number;
  nimbers: number;
  infiniteWon: number;
  infiniteDrawn: number;
}

function countValues(board: TokenBoard, table: GsgTable): Counts {
  const counts: Counts = { zero: 0, nimbers: 0, infiniteWon: 0, infiniteDrawn: 0 };
  const out = new Int32Array(Math.max(1, board.component.maxMoves));
  table.value.forEach((v, p) => {
    if (v === 0) counts.zero++;
    else if (v > 0) counts.nimbers++;
    else if (hasZeroOption(board, table, p, out)) counts.infiniteWon++;
    else counts.infiniteDrawn++;
  });
  return counts;
}

function hasZeroOption(board: TokenBoard, table: GsgTable, p: number, out: Int32Array): boolean {
  const n = board.component.children(p, out);
  for (let k = 0; k < n; k++) if (table.value[out[k]] === 0) return true;
  return false;
}

function childAt(board: TokenBoard, place: number, k: number): number {
  const out = new Int32Array(Math.max(1, board.component.maxMoves));
  board.component.children(place, out);
  return out[k];
}

function formatValues(board: TokenBoard, values: GsgValue[], c: Counts): string {
  const upto = values.length - 1;
  const width = String(upto).length;
  const lines = [`${board.name}: G(0) … G(${upto})`];
  for (let p = 0; p <= upto; p += ROW) {
    lines.push(
      `${String(p).padStart(width)}: ${values
        .slice(p, p + ROW)
        .map(formatGsg)
        .join(' ')}`,
    );
  }
  const size = grouped(board.component.size);
  lines.push(
    `${size} places: ${grouped(c.zero)} of value 0 (lost), ${grouped(c.nimbers)} of a nimber > 0 (won), ${grouped(c.infiniteWon)} ∞ with 0 in K (won), ${grouped(c.infiniteDrawn)} other ∞ (drawn)`,
  );
  return lines.join('\n');
}

function formatSum(board: TokenBoard, heaps: number[], sum: GsgSumAnalysis<number>): string {
  const name = board.tokenName;
  const width = Math.max(5, ...heaps.map((n) => String(n).length));
  const lines = [
    `${board.name}, ${name}s ${heaps.join(' ')}`,
    '',
    `${name.padStart(5)}  ${'place'.padStart(width)}  G`,
  ];
  heaps.forEach((p, i) => {
    lines.push(`${String(i + 1).padStart(5)}  ${String(p).padStart(width)}  ${formatGsg(sum.values[i])}`);
  });
  const d = sum.decision;
  const infinite = sum.values.filter((v) => v.kind === 'infinite').length;
  const why =
    infinite === 0
      ? `nim-sum ${d.nimSum}`
      : infinite > 1
        ? `${infinite} components are ∞`
        : `one component is ∞(K), the rest adds to ${d.nimSum}, ${d.outcome === 'win' ? 'in' : 'not in'} K`;
  const outcome = d.outcome === 'win' ? 'a win' : d.outcome === 'lose' ? 'a loss' : 'a draw';
  lines.push('', `sum ${formatGsg(d.value)}: ${outcome} for the player to move (${why})`);
  if (sum.winning.length > 0) {
    lines.push(`winning moves (to value 0): ${sum.winning.length}`);
    const listed = sum.winning.slice(0, MAX_LISTED_MOVES).map((m) => ({
      name: formatTokenMove(board, {
        token: m.component,
        from: heaps[m.component],
        to: childAt(board, heaps[m.component], m.move),
      }),
      m,
    }));
    const moveWidth = Math.max(...listed.map((l) => l.name.length));
    for (const { name: moveText, m } of listed) {
      lines.push(
        `  ${moveText.padEnd(moveWidth)}  ${name} value ${formatGsg(sum.values[m.component])} → ${formatGsg(m.value)}`,
      );
    }
    if (sum.winning.length > MAX_LISTED_MOVES)
      lines.push(`  … ${sum.winning.length - MAX_LISTED_MOVES} more`);
  }
  return lines.join('\n');
}
