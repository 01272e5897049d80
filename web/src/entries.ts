/**
 * Every game in the playground's picker: its name, its rules in two lines,
 * its players, its board, and what it opens with. Games people know come
 * first, then heap games, then the contest problems (named by their contest,
 * with the id kept in the URL). Kept by game id, one list of entries per
 * built-in game, so the compiler checks them against the registry: a game
 * added there and not here (or the other way) does not build.
 */

import { DEFINITIONS, type GameId } from '../../src/games/registry.js';
import { Connect4Board } from './boards/connect4.js';
import { DobutsuBoard } from './boards/dobutsu.js';
import { DodgemBoard } from './boards/dodgem.js';
import { EdpcKBoard } from './boards/edpc-k.js';
import { EdpcLBoard } from './boards/edpc-l.js';
import { GraphBoard } from './boards/graph.js';
import { Abc201dBoard, Arc038bBoard } from './boards/grid.js';
import { GridDuelBoard } from './boards/grid-duel.js';
import { HeapsBoard } from './boards/heaps.js';
import { Jag2015dBoard } from './boards/jag2015-d.js';
import { KalahBoard, stores } from './boards/kalah.js';
import { TeekoBoard } from './boards/teeko.js';
import { TicTacToeBoard } from './boards/tic-tac-toe.js';
import { TokensBoard } from './boards/tokens.js';
import { type GameEntry, gameEntry } from './model/catalogue.js';

const FIRST_SECOND = ['First', 'Second'] as const;

/** The playground's entries of each built-in game, in the picker's order. */
const BY_GAME = {
  'tic-tac-toe': [
    gameEntry(DEFINITIONS['tic-tac-toe'], {
      title: 'Tic-tac-toe',
      group: 'Games people know',
      rules: [
        'Players take turns putting their mark (X first, then O) on an empty square.',
        'Three in a row wins; a full board without one is a tie.',
      ],
      sides: ['X', 'O'],
      board: TicTacToeBoard,
    }),
  ],
  connect4: [
    gameEntry(DEFINITIONS.connect4, {
      title: 'Connect Four',
      group: 'Games people know',
      rules: [
        'Players take turns dropping a stone into a column; it falls to the lowest free square.',
        'Four in a row — across, up or diagonally — wins; a full board is a tie.',
      ],
      sides: ['Black', 'White'],
      spec: 'connect4(width=5,height=4)',
      sample: '',
      blankInput: '\n',
      board: Connect4Board,
    }),
    gameEntry(DEFINITIONS.connect4, {
      key: 'connect4:7x6',
      title: 'Connect Four 7×6 (opening book)',
      group: 'Games people know',
      rules: [
        'The full-size board: players take turns dropping a stone into a column.',
        'Four in a row wins; a full board is a tie.',
      ],
      sides: ['Black', 'White'],
      spec: 'connect4(width=7,height=6)',
      sample: '',
      blankInput: '\n',
      needsBook:
        'Connect Four on 7×6 is played from its opening book or a solution file served with the page (yomi serve --db FILE): solving it in a browser would take many minutes. The 5×4 board solves here in about a second.',
      board: Connect4Board,
    }),
  ],
  dodgem: [
    gameEntry(DEFINITIONS.dodgem, {
      title: 'Dodgem',
      group: 'Games people know',
      rules: [
        'Black cars drive right, white cars drive up, one square at a time (forward or to either side), and leave across the far edge.',
        'The first player to get all their cars off the board wins; a player who cannot move loses.',
      ],
      sides: ['Black', 'White'],
      spec: 'dodgem(size=3)',
      board: DodgemBoard,
    }),
  ],
  teeko: [
    gameEntry(DEFINITIONS.teeko, {
      title: 'Teeko',
      group: 'Games people know',
      rules: [
        'Players take turns putting a piece on an empty cell until each has placed all of theirs, then move one of their pieces to an adjacent empty cell (8 directions).',
        'All your pieces in a row (across, down or diagonally) or, with four, on a 2×2 square wins.',
      ],
      sides: ['Black', 'White'],
      spec: 'teeko(size=4,pieces=3)',
      board: TeekoBoard,
    }),
  ],
  kalah: [
    gameEntry(DEFINITIONS.kalah, {
      title: 'Kalah',
      group: 'Games people know',
      rules: [
        'Take all the seeds of one of your pits and sow them one by one counter-clockwise; ending in your store gives you another move, ending in an empty pit of yours captures.',
        'When a row is empty the game ends; the most seeds in store wins.',
      ],
      sides: ['South', 'North'],
      spec: 'kalah(pits=3,seeds=4)',
      board: KalahBoard,
      scores: stores,
    }),
  ],
  dobutsu: [
    gameEntry(DEFINITIONS.dobutsu, {
      title: 'Dobutsu shogi',
      group: 'Games people know',
      rules: [
        'Move a piece one square as its dots show, or drop a captured piece on an empty square; a chick reaching the far rank becomes a hen.',
        'Capture the lion, or bring your lion safely to the far rank.',
      ],
      sides: FIRST_SECOND,
      spec: 'dobutsu(pieces=C)',
      board: DobutsuBoard,
    }),
  ],
  nim: [
    gameEntry(DEFINITIONS.nim, {
      title: 'Nim',
      group: 'Heap games',
      rules: ['Take any number of tokens from one heap.', 'Whoever takes the last token wins.'],
      sides: FIRST_SECOND,
      board: HeapsBoard,
    }),
  ],
  octal: [
    gameEntry(DEFINITIONS.octal, {
      key: 'octal:kayles',
      title: 'Kayles',
      group: 'Heap games',
      rules: [
        'Knock down one pin or two neighbouring pins from a row; a row may split in two.',
        'Whoever knocks down the last pin wins.',
      ],
      sides: FIRST_SECOND,
      spec: 'octal(code=0.77,heaps=10)',
      board: HeapsBoard,
    }),
    gameEntry(DEFINITIONS.octal, {
      key: 'octal:dawson',
      title: 'Dawson’s Kayles',
      group: 'Heap games',
      rules: [
        'Knock down two neighbouring pins from a row; a row may split in two.',
        'Whoever knocks down the last pins wins.',
      ],
      sides: FIRST_SECOND,
      spec: 'octal(code=0.07,heaps=10)',
      board: HeapsBoard,
    }),
    gameEntry(DEFINITIONS.octal, {
      title: 'Octal games',
      group: 'Heap games',
      rules: [
        'The code’s digits say how many tokens may be taken and whether the heap must stay, may stay, or may split.',
        'Whoever cannot move loses.',
      ],
      sides: FIRST_SECOND,
      spec: 'octal(code=0.137,heaps=12)',
      board: HeapsBoard,
    }),
  ],
  subtraction: [
    gameEntry(DEFINITIONS.subtraction, {
      title: 'Subtraction game',
      group: 'Heap games',
      rules: ['Take a number of tokens from one heap, a number from the set.', 'Whoever cannot move loses.'],
      sides: FIRST_SECOND,
      board: HeapsBoard,
    }),
  ],
  'grundys-game': [
    gameEntry(DEFINITIONS['grundys-game'], {
      title: 'Grundy’s game',
      group: 'Heap games',
      rules: ['Split one heap into two heaps of different sizes.', 'Whoever cannot move loses.'],
      sides: FIRST_SECOND,
      board: HeapsBoard,
    }),
  ],
  'subtraction-mod': [
    gameEntry(DEFINITIONS['subtraction-mod'], {
      title: 'Subtraction game modulo n (loopy)',
      group: 'Heap games',
      rules: [
        'Move a token from place i to i − s, for s in the set, going round past 0; a token on 0 has no move.',
        'Whoever cannot move loses; play that never ends is a draw.',
      ],
      sides: FIRST_SECOND,
      board: TokensBoard,
    }),
  ],
  digraph: [
    gameEntry(DEFINITIONS.digraph, {
      title: 'Tokens on a graph (loopy)',
      group: 'Heap games',
      rules: [
        'Slide one token along an arrow; tokens may share a place.',
        'Whoever cannot move loses; play that never ends is a draw.',
      ],
      sides: FIRST_SECOND,
      board: TokensBoard,
    }),
  ],
  abc201d: [
    gameEntry(DEFINITIONS.abc201d, {
      title: 'ABC201 D — token race on a grid (AtCoder)',
      group: 'Contest problems',
      rules: [
        'Move the token one square right or down; each player scores the +1 or −1 of the square they move onto.',
        'When the token reaches the corner, the higher score wins.',
      ],
      sides: ['Takahashi', 'Aoki'],
      sample: '4 4\n-+-+\n+-++\n--+-\n+-+-\n',
      board: Abc201dBoard,
    }),
  ],
  'edpc-k': [
    gameEntry(DEFINITIONS['edpc-k'], {
      title: 'EDPC K — Stones (AtCoder)',
      group: 'Contest problems',
      rules: ['Take a number of stones from the pile, a number from the set.', 'Whoever cannot move loses.'],
      sides: ['Taro', 'Jiro'],
      sample: '3 21\n2 3 5\n',
      board: EdpcKBoard,
    }),
  ],
  'edpc-l': [
    gameEntry(DEFINITIONS['edpc-l'], {
      title: 'EDPC L — Deque (AtCoder)',
      group: 'Contest problems',
      rules: [
        'Take the number at the left or the right end of the row; it adds to your score.',
        'The answer is the first player’s score minus the second’s, with best play.',
      ],
      sides: ['Taro', 'Jiro'],
      sample: '6\n10 80 90 30 40 70\n',
      board: EdpcLBoard,
    }),
  ],
  arc038b: [
    gameEntry(DEFINITIONS.arc038b, {
      title: 'ARC038 B — Grid game (AtCoder)',
      group: 'Contest problems',
      rules: [
        'Move the piece one square down, right or diagonally down-right, never onto an obstacle.',
        'Whoever cannot move loses.',
      ],
      sides: FIRST_SECOND,
      sample: '4 5\n.....\n..#..\n.....\n#....\n',
      board: Arc038bBoard,
    }),
  ],
  arc038d: [
    gameEntry(DEFINITIONS.arc038d, {
      title: 'ARC038 D — Piece on a graph (AtCoder)',
      group: 'Contest problems',
      rules: [
        'Move the piece along an arrow, or stop; the game’s score is the number where the piece stops.',
        'Takahashi wants it high, Aoki low; play that never stops counts against Takahashi.',
      ],
      sides: ['Takahashi', 'Aoki'],
      sample: '6 7\n1 9 2 9 3 8\n1 2\n2 3\n3 4\n4 5\n5 6\n3 1\n5 2\n',
      board: GraphBoard,
    }),
  ],
  'jag2015-d': [
    gameEntry(DEFINITIONS['jag2015-d'], {
      title: 'JAG 2015 D — Escape from the flipping room',
      group: 'Contest problems',
      rules: [
        'Alice moves through an open side of her cell; Bob waits, or flips every wall open and every opening shut.',
        'Alice wins if she gets out; if she never does, Bob wins.',
      ],
      sides: ['Alice', 'Bob'],
      sample: '3 3 2 2\n1 1 1\n1 0 0 0\n1 1 0\n0 1 0 0\n0 0 1\n1 1 0 1\n1 0 1\n0 0 0 0\n',
      board: Jag2015dBoard,
    }),
  ],
  'grid-duel': [
    gameEntry(DEFINITIONS['grid-duel'], {
      title: 'Grid duel — collecting numbers',
      group: 'Contest problems',
      rules: [
        'Move your piece to a neighbouring square the other piece is not on, and take its number.',
        'After the set number of turns, the larger total wins.',
      ],
      sides: ['Alice', 'Bob'],
      sample: '3 3\n1 1 3 3\n0 5 2\n3 1 4\n2 6 0\n',
      board: GridDuelBoard,
    }),
  ],
} satisfies Record<GameId, readonly GameEntry[]>;

export const ENTRIES: readonly GameEntry[] = Object.values(BY_GAME).flat();
