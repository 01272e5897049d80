/**
 * A boardgame.io game with phases and a stage, for the adapter's tests and
 * docs. In the phase `choose` the first player sets the pile at 7, 8 or 9
 * stones; in the phase `take` players take 1, 2 or 3 stones in turn, and
 * taking 3 (with stones left) puts the player in the stage `bonus`, where
 * they either take one more stone or pass. Whoever takes the last stone wins.
 *
 * Two moves in a row by one player, which yomi reads as extra turns: the
 * bonus move, and the first take — boardgame.io's default turn order starts
 * the phase `take` with the player who chose the pile.
 */

import type { Game } from 'boardgame.io';

export interface BonusPileState {
  /** Stones left; null until the pile is chosen. */
  stones: number | null;
}

export const PILE_SIZES = [7, 8, 9];

export const BonusPile: Game<BonusPileState> = {
  name: 'bonus-pile',
  setup: () => ({ stones: null }),
  phases: {
    choose: {
      start: true,
      next: 'take',
      turn: { minMoves: 1, maxMoves: 1 },
      moves: {
        choosePile: ({ G, events }, n: number) => {
          G.stones = n;
          events.endPhase();
        },
      },
    },
    take: {
      moves: {
        take: ({ G, events }, k: number) => {
          G.stones = (G.stones as number) - k;
          if (k === 3 && G.stones > 0) events.setStage('bonus');
          else events.endTurn();
        },
      },
      turn: {
        stages: {
          bonus: {
            moves: {
              takeOne: ({ G, events }) => {
                G.stones = (G.stones as number) - 1;
                events.endTurn();
              },
              pass: ({ events }) => {
                events.endTurn();
              },
            },
          },
        },
      },
    },
  },
  endIf: ({ G, ctx }) => (G.stones === 0 ? { winner: ctx.currentPlayer } : undefined),
  ai: {
    enumerate: (G, ctx, playerID) => {
      if (ctx.phase === 'choose') return PILE_SIZES.map((n) => ({ move: 'choosePile', args: [n] }));
      if (ctx.activePlayers?.[playerID] === 'bonus') return [{ move: 'takeOne' }, { move: 'pass' }];
      const stones = G.stones as number;
      return [1, 2, 3].filter((k) => k <= stones).map((k) => ({ move: 'take', args: [k] }));
    },
  },
};

export default BonusPile;
