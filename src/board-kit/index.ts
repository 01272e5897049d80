/**
 * The board-numbering kit (`yomi/kit`): numberings of boards — subsets,
 * pieces of several kinds with counts, compositions, products of parts,
 * classes under a grid's symmetries — and `boardGame`, which derives a
 * numbered, tiered game from rules written on a plain board.
 */

export { binomial } from './binomial.js';
export { lowestBit, popcount } from './bits.js';
export {
  type Board,
  type BoardGame,
  type BoardGameOptions,
  type BoardLayout,
  type BoardRules,
  boardGame,
  defaultShow,
  type MaskRules,
  type TierSpec,
} from './board-game.js';
export { BoardClasses } from './classes.js';
export { Compositions, CompositionTable } from './compositions.js';
export { GridSymmetry } from './grid-symmetry.js';
export { cellsToMasks, Multinomial, masksToCells } from './multinomial.js';
export { Product } from './product.js';
export { compress, deposit, Subsets } from './subsets.js';
