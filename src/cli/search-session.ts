/**
 * Long searches on the command line: games solved by alpha-beta (Connect
 * Four, grid-duel, `--solver alphabeta`) are searched by a pool of threads
 * (`--threads`, default all cores) sharing one transposition table
 * (`--table-mb`, default from free memory), so that the command's own
 * thread stays free to draw a progress line on stderr (only when it is a
 * terminal: the window searched, the proven bounds, nodes/s, table hits,
 * elapsed time) and to answer Ctrl-C: the search stops, the command prints
 * the bounds proven so far, the cursor is restored and the exit code is 130.
 */

import { availableParallelism, freemem } from 'node:os';
import { now } from '../core/clock.js';
import { YomiError } from '../core/errors.js';
import { type AnyGame, isIndexed, isOver } from '../core/game.js';
import { grouped } from '../core/grouped.js';
import { formatBound, type SearchableGame } from '../core/search.js';
import { exitProcess } from '../host/process-exit.js';
import { type AlphaBetaSolution, alphaBeta, hasSearcher, type ScorePinner } from '../solvers/alphabeta.js';
import type { SolveOptions } from '../solvers/index.js';
import type { BudgetOptions } from '../solvers/search-budget.js';
import { DEFAULT_TABLE_BYTES } from '../solvers/transposition-table.js';
import type { GameRecipe } from '../threads/recipe.js';
import { SearchPool } from '../threads/search-pool.js';
import { type StatusLine, statusLine } from './status-line.js';

export interface SearchFlags {
  solver: string;
  threads?: number;
  tableMb?: number;
}

/** The most memory a table takes unless --table-mb asks for more: 1 GiB, and at most a quarter of what is free. */
const DEFAULT_TABLE_CAP = 2 ** 30;

/**
 * Each position is first searched on the command's own thread for this many
 * nodes (a fraction of a second): most searches end there, without paying
 * for starting the threads; the others go on, on the threads, from the
 * bounds proven so far.
 */
const QUICK_NODES = 500_000;

/** Bytes of the table: --table-mb if given (refused beyond free memory), else from free memory. */
export function tableBytes(flags: { tableMb?: number }): number {
  const free = freemem();
  if (flags.tableMb === undefined)
    return Math.max(DEFAULT_TABLE_BYTES, Math.min(DEFAULT_TABLE_CAP, free / 4));
  const bytes = flags.tableMb * 2 ** 20;
  if (bytes > free) {
    const gb = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`;
    throw new YomiError(
      `--table-mb ${flags.tableMb} asks for ${gb(bytes)}, but only ${gb(free)} of memory is free`,
    );
  }
  return bytes;
}

/** Games this session searches on its threads: plain games that are solved by alpha-beta. */
function searched(game: AnyGame, flags: SearchFlags): game is SearchableGame<unknown, unknown> {
  if (isIndexed(game)) return false;
  return flags.solver === 'alphabeta' || (flags.solver === 'auto' && hasSearcher(game));
}

export class SearchSession {
  private pool?: SearchPool;
  private lastDataset = -1;
  private progress?: StatusLine;
  private interrupted = false;
  /** When the current game's time budget ends (now()), if it has one. */
  private deadline?: number;
  private readonly onInterrupt = () => this.interrupt();

  constructor(
    private readonly recipe: GameRecipe,
    private readonly flags: SearchFlags,
    private readonly options: SolveOptions & BudgetOptions,
  ) {
    process.on('SIGINT', this.onInterrupt);
  }

  /** Whether `game` is solved here (else the caller solves it on its own thread). */
  handles(game: AnyGame): game is SearchableGame<unknown, unknown> {
    return searched(game, this.flags);
  }

  /**
   * The solution of game number `dataset` of the recipe, its start already
   * proven; `maxSeconds` is this game's share of the run's time budget.
   */
  async solve<P, M>(
    game: SearchableGame<P, M>,
    dataset: number,
    known?: (p: P) => number | undefined,
    maxSeconds = this.options.maxSeconds,
  ): Promise<AlphaBetaSolution<P, M>> {
    this.deadline = maxSeconds === undefined ? undefined : now() + maxSeconds * 1000;
    // Games that do not share a table must not see each other's entries.
    if (dataset !== this.lastDataset && game.table?.share === undefined) this.pool?.clearTable();
    this.lastDataset = dataset;
    const reason =
      this.flags.solver === 'alphabeta'
        ? 'forced (--solver alphabeta)'
        : 'auto: the game asks to be searched';
    const threads = this.threads;
    const solution = alphaBeta(
      game,
      {
        ...this.options,
        maxSeconds,
        // The quick searches here take a fraction of a second: the progress line is for the threads.
        onProgress: undefined,
        known,
        deferStart: true,
        moreStats: () => {
          const p = this.pool?.progress();
          return { nodes: p?.nodes ?? 0, tableProbes: p?.tableProbes ?? 0, tableHits: p?.tableHits ?? 0 };
        },
      },
      `${reason}; ${threads} thread${threads === 1 ? '' : 's'} for long searches`,
    );
    await solution.settle(game.start, this.pinner(game, dataset, solution), QUICK_NODES);
    return solution;
  }

  /** Proves what an analysis of `p` shows: its value, its moves' values and those along its best line. */
  async settleAnalysis<P, M>(solution: AlphaBetaSolution<P, M>, dataset: number, p: P): Promise<void> {
    const game = solution.game;
    const pin = this.pinner(game, dataset, solution);
    await solution.settle(p, pin, QUICK_NODES);
    const seen = new Set([game.key(p)]);
    let at = p;
    for (let ply = 0; ply < 200 && !isOver(game, at); ply++) {
      for (const m of game.moves(at)) await solution.settle(game.play(at, m), pin, QUICK_NODES);
      const [m] = solution.best(at);
      if (m === undefined) break;
      at = game.play(at, m);
      if (seen.has(game.key(at))) break;
      seen.add(game.key(at));
    }
  }

  /** Pins scores on the pool (started when first needed), drawing progress meanwhile. */
  private pinner<P, M>(
    game: SearchableGame<P, M>,
    dataset: number,
    solution: AlphaBetaSolution<P, M>,
  ): ScorePinner<P> {
    return async (p, lower, upper) => {
      // Interrupted during a search on this thread: what it proved is the answer.
      if (this.interrupted) return { lower, upper, outOfBudget: 'interrupted' };
      const pool = await this.start(game);
      const describe = (score: number) => formatBound(solution.scoreValue(p, score));
      this.progress = this.showProgress(pool, describe);
      try {
        const left = solution.nodesLeft();
        return await pool.pin(dataset, p, lower, upper, {
          // The pool counts its own nodes: it may take what the budget leaves, besides them.
          maxNodes: Number.isFinite(left) ? left + pool.progress().nodes : undefined,
          maxSeconds: this.secondsLeft(),
        });
      } finally {
        this.progress.stop();
      }
    };
  }

  /** What is left of the current game's time budget (at least a millisecond), or undefined. */
  private secondsLeft(): number | undefined {
    if (this.deadline === undefined) return undefined;
    return Math.max(0.001, (this.deadline - now()) / 1000);
  }

  private get threads(): number {
    return this.flags.threads ?? availableParallelism();
  }

  private async start(game: SearchableGame<unknown, unknown>): Promise<SearchPool> {
    if (this.pool) return this.pool;
    this.pool = await SearchPool.start({
      threads: this.threads,
      recipe: this.recipe,
      request: game.table,
      tableBytes: tableBytes(this.flags),
    });
    return this.pool;
  }

  private interrupt(): void {
    if (this.interrupted) {
      // A second Ctrl-C: do not wait for the threads.
      this.progress?.stop();
      exitProcess(130);
    }
    this.interrupted = true;
    process.exitCode = 130;
    this.pool?.stop('interrupted');
  }

  /** The progress line of a pin: bounds, windows searched, nodes, table, elapsed time. */
  private showProgress(pool: SearchPool, describe: (score: number) => string): StatusLine {
    const started = now();
    const nodesBefore = pool.progress().nodes;
    return statusLine(() => {
      const p = pool.progress();
      const seconds = (now() - started) / 1000;
      const nodes = p.nodes - nodesBefore;
      // A null window (m, m + 1) asks whether the score is better than m.
      const windows = [...new Set(p.probes)].map((m) => `better than ${describe(m)}?`).join(' ');
      const rate = grouped(Math.round(nodes / Math.max(seconds, 1e-3) / 1000));
      return (
        `proven between ${describe(p.lower)} and ${describe(p.upper)} · testing ${windows || '…'} · ` +
        `${(nodes / 1e6).toFixed(1)} M nodes, ${rate} k/s · table ${Math.round(100 * pool.table.fill())}% full · ` +
        formatElapsed(seconds)
      );
    });
  }

  /** Stops the threads and the progress line (restoring the cursor). */
  async close(): Promise<void> {
    this.progress?.stop();
    process.off('SIGINT', this.onInterrupt);
    await this.pool?.close();
  }
}

function formatElapsed(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The session for a command's games, or undefined when none of them is searched on threads. */
export function searchSession(
  recipe: GameRecipe,
  games: readonly AnyGame[],
  flags: SearchFlags,
  options: SolveOptions & BudgetOptions,
): SearchSession | undefined {
  if (!games.some((g) => searched(g, flags))) return undefined;
  return new SearchSession(recipe, flags, options);
}
