/**
 * yomi's library: the game model, the solvers and the built-in games.
 */

export * from './board-kit/index.js';
export { type CheckOptions, type CheckReport, checkGame, formatReport, type Violation } from './check/run.js';
export {
  checkValuesBySearch,
  drawNumbered,
  type SearchCheckOptions,
  type SearchCheckReport,
} from './check/search-check.js';
export type { BuildState, DatabaseOffer } from './core/builds.js';
export type { EndgameLink } from './core/endgames.js';
export * from './core/errors.js';
export * from './core/game.js';
export { indexedView } from './core/indexed-view.js';
export {
  childrenFromSlots,
  type MoveSlots,
  moveSlots,
  type ScoringSlots,
  scoringSlots,
} from './core/move-slots.js';
export * from './core/outcome.js';
export {
  type CompactCodes,
  type Encoding,
  type EncodingName,
  encodeMargin,
  MARGIN8,
  MAX_MARGIN8,
  type PackedCodes,
  pack,
  unpack,
} from './core/packed-value.js';
export {
  hasParents,
  type ParentFields,
  type ParentList,
  type ParentSlots,
  parentSlots,
  parentsFromSlots,
} from './core/parent-slots.js';
export { type Random, seededRandom } from './core/random.js';
export * from './core/search.js';
export * from './core/solution.js';
export * from './core/tier-forms.js';
export * from './core/tiered.js';
export * from './core/value.js';
export { type MarginTable, tableValue, type ValueTable } from './core/value-table.js';
export type { WasmMemory } from './core/wasm.js';
export { hashKey, Zobrist } from './core/zobrist.js';
export type { Bits, Geometry } from './games/connect4/bitboard.js';
export { type Connect4Game, type Connect4Position, connect4, connect4Score } from './games/connect4/index.js';
export { digraphBoard } from './games/digraph.js';
export {
  DobutsuIndexed,
  type DobutsuLayout,
  type DobutsuMove,
  type DobutsuPosition,
  dobutsuGame,
  formatPosition as formatDobutsuPosition,
  parsePosition as parseDobutsuPosition,
} from './games/dobutsu/index.js';
export { type DuelPosition, type DuelSetup, type GridDuelGame, gridDuel } from './games/grid-duel.js';
export { grundysGame } from './games/grundys-game.js';
export type {
  GrundyValues,
  HeapFamily,
  HeapOption,
  Period,
  ProgressReport,
} from './games/impartial/heap-family.js';
export {
  type HeapGame,
  type HeapMove,
  type Heaps,
  heapGame,
  type PlayConvention,
} from './games/impartial/heap-game.js';
export { analyzeSum, misereNimOutcome, type SumAnalysis, type SumMove } from './games/impartial/heap-sum.js';
export {
  type TokenBoard,
  type TokenGame,
  type TokenMove,
  type Tokens,
  tokenGame,
} from './games/impartial/token-game.js';
export {
  defineGame,
  type GameDefinition,
  type ParamSpec,
  type Params,
  type ParamsOf,
  type ParamType,
  type ParamValue,
  type ParamValueOf,
} from './games/kit/definition.js';
export { nimFamily } from './games/nim.js';
export { type OctalCode, octalFamily, octalValues, parseOctalCode } from './games/octal.js';
export { subtractionFamily } from './games/subtraction.js';
export { subtractionModBoard } from './games/subtraction-mod.js';
export {
  type AlphaBetaOptions,
  type AlphaBetaSolution,
  alphaBeta,
  type ScorePinner,
} from './solvers/alphabeta.js';
export { DEEPENING_PLIES, type Deepened, deepen, type LimitedSearch } from './solvers/deepening.js';
export { EndgameDatabase, endgamesInMemory } from './solvers/endgames.js';
export { type ExploredGame, explore } from './solvers/explore.js';
export { type GrundySolution, type GrundyTable, grundySweep, solveGrundy } from './solvers/grundy.js';
export {
  analyzeGameSum,
  type ComponentMove,
  type GameSumAnalysis,
  type SumMove as GameSumMove,
  sumGame,
} from './solvers/grundy-sum.js';
export {
  formatGsg,
  GSG_INFINITE,
  type GsgInfinite,
  type GsgNimber,
  type GsgSolution,
  type GsgTable,
  type GsgValue,
  gsgAt,
  gsgOutcome,
  gsgValues,
  solveGsg,
} from './solvers/gsg.js';
export {
  analyzeLoopySum,
  analyzePositionsSum,
  decideSum,
  type GsgSumAnalysis,
  type GsgSumDecision,
  type GsgSumMove,
} from './solvers/gsg-sum.js';
export { findSolver, SOLVERS, type SolveOptions, type SolverEntry, solve } from './solvers/index.js';
export {
  type MarginTiers,
  type MarginWalk,
  solveMarginTier,
  solveMarginTiers,
  walkMarginTier,
} from './solvers/margin-tiers.js';
export { MemoizedNegamax, negamax } from './solvers/negamax.js';
export type { Deadline, Progress, SolverOptions, StopSignal } from './solvers/options.js';
export type { SolvedTier } from './solvers/retrograde/run-tier.js';
export type { Pass } from './solvers/retrograde/workspace.js';
export { type Parents, type RetrogradeResult, retrograde } from './solvers/retrograde.js';
export { type BudgetOptions, NodeBudget, pinScore, type ScoreBounds } from './solvers/search-budget.js';
export { GameSearch } from './solvers/search-engine.js';
export { sweep } from './solvers/sweep.js';
export { ThresholdSearch } from './solvers/threshold.js';
export {
  MemoryTierStore,
  solveTiers,
  storeLookup,
  type TierLookup,
  type TierSolveOptions,
  type TierStats,
  type TierStore,
  type TierValues,
  tieredForm,
  tieredSolution,
  widestTier,
} from './solvers/tiers.js';
export {
  type AnyTable,
  CompactTable,
  type KernelScratch,
  makeTable,
  TableCache,
  type TablePlace,
  WideTable,
} from './solvers/transposition-table.js';
