/**
 * yomi's library: the game model, the solvers and the built-in games.
 */

export { type CheckOptions, type CheckReport, checkGame, formatReport, type Violation } from './check/run.js';
export { type EndScoredGame, isEndScored } from './core/end-scored.js';
export * from './core/errors.js';
export * from './core/game.js';
export { indexedView } from './core/indexed-view.js';
export * from './core/outcome.js';
export { type PackedCodes, pack, unpack } from './core/packed-value.js';
export { type Random, seededRandom } from './core/random.js';
export * from './core/search.js';
export * from './core/solution.js';
export * from './core/value.js';
export { tableValue, type ValueTable } from './core/value-table.js';
export { hashKey, Zobrist } from './core/zobrist.js';
export { type Connect4Game, type Connect4Position, connect4, connect4Score } from './games/connect4.js';
export { type DuelPosition, type DuelSetup, gridDuel } from './games/grid-duel.js';
export { grundysGame } from './games/grundys-game.js';
export type { GrundyValues, HeapFamily, HeapOption, Period } from './games/heap-family.js';
export { type HeapGame, type HeapMove, type Heaps, heapGame } from './games/heap-game.js';
export { analyzeSum, misereNimOutcome, type SumAnalysis, type SumMove } from './games/heap-sum.js';
export { nimFamily } from './games/nim.js';
export { type OctalCode, octalFamily, octalValues, parseOctalCode } from './games/octal.js';
export { subtractionFamily } from './games/subtraction.js';
export { type AlphaBetaOptions, type AlphaBetaSolution, alphaBeta } from './solvers/alphabeta.js';
export { type ExploredGame, explore } from './solvers/explore.js';
export { type GrundySolution, type GrundyTable, grundySweep, solveGrundy } from './solvers/grundy.js';
export {
  analyzeGameSum,
  type ComponentMove,
  type GameSumAnalysis,
  type SumMove as GameSumMove,
  sumGame,
} from './solvers/grundy-sum.js';
export { findSolver, SOLVERS, type SolveOptions, type SolverEntry, solve } from './solvers/index.js';
export { MemoizedNegamax, negamax } from './solvers/negamax.js';
export type { Progress, SolverOptions } from './solvers/options.js';
export { type RetrogradeResult, retrograde } from './solvers/retrograde.js';
export { type BudgetOptions, NodeBudget, pinScore, type ScoreBounds } from './solvers/search-budget.js';
export { GameSearch } from './solvers/search-engine.js';
export { sweep } from './solvers/sweep.js';
export { ThresholdSearch } from './solvers/threshold.js';
export { CompactTable, makeTable, WideTable } from './solvers/transposition-table.js';
