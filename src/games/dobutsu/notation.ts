/**
 * Dobutsu shogi's notation: a position on one line (for the command line and
 * keys), as a diagram (for people), and parsing both back with one clear
 * error per mistake.
 *
 * One line, SFEN-like: `<ranks> <side> <hands>`, e.g. the start
 * `gle/.c./.C./ELG b -`:
 * - ranks 1 to 4 (as the first player sees the board: rank 1, the second
 *   player's home rank, first), separated by `/`, each three squares of files
 *   a, b, c: `.` empty; `L G E C H` the first player's lion, giraffe,
 *   elephant, chick, hen; `l g e c h` the second player's;
 * - the side to move: `b` the first player (upper case, moves first), `w` the
 *   second;
 * - the pieces in hand: `-` for none, else letters `G E C` for the first
 *   player's and `g e c` for the second's (one letter per piece), e.g. `CCe`.
 *
 * The diagram (`show`) is the same position drawn with coordinates, each
 * player's hand beside their home rank:
 *
 * ```
 *   a b c
 * 1 g l e   hand: -
 * 2 . c .
 * 3 . C .
 * 4 E L G   hand: -
 * first player (upper case) to move
 * ```
 *
 * Moves: `Lb4-a3` (a move), `Cb3xb2` (a capture), `C*a2` (a drop), with `+`
 * after a chick's move that promotes it to a hen (`Cb2-b1+`, `Cb2xb1+`);
 * squares in real coordinates, the piece letter in upper case for both
 * players.
 */

import { InputError } from '../../core/errors.js';
import { KIND_LETTERS, ROWS } from './board.js';
import { type DobutsuPosition, isFirstPlayers, type Pieces, sortHand } from './position.js';

const PIECE_NAMES: Readonly<Record<string, string>> = {
  G: 'giraffes',
  E: 'elephants',
  C: 'chicks (with hens)',
};

const rankRows = (p: DobutsuPosition): string[] =>
  Array.from({ length: ROWS }, (_, r) => p.board.slice(3 * r, 3 * r + 3));

const handText = (hand: string, turn: number): string => (turn === 0 ? hand : hand.toLowerCase());

/** The one-line form, e.g. `gle/.c./.C./ELG b -`. */
export function formatPosition(p: DobutsuPosition): string {
  const hands = handText(p.hands[0], 0) + handText(p.hands[1], 1);
  return `${rankRows(p).join('/')} ${p.turn === 0 ? 'b' : 'w'} ${hands === '' ? '-' : hands}`;
}

/** The diagram: coordinates, the board, each hand beside its player's home rank, whose turn. */
export function showPosition(p: DobutsuPosition): string {
  const rows = rankRows(p).map((row, r) => `${r + 1} ${[...row].join(' ')}`);
  rows[0] += `   hand: ${handText(p.hands[1], 1) || '-'}`;
  rows[ROWS - 1] += `   hand: ${handText(p.hands[0], 0) || '-'}`;
  const side = p.turn === 0 ? 'first player (upper case)' : 'second player (lower case)';
  return ['  a b c', ...rows, `${side} to move`].join('\n');
}

const EXAMPLE = 'gle/.c./.C./ELG b -';

/** A position in either form (one line, or the diagram `show` writes); `pieces`: the pairs in play. */
export function parsePosition(text: string, pieces: Pieces): DobutsuPosition {
  const lines = text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  return parseLine(lines.length > 1 ? diagramToLine(lines) : text, pieces);
}

/** The one-line form of a diagram, for parseLine to check. */
function diagramToLine(lines: string[]): string {
  const wrong = (what: string) =>
    new InputError(
      `a Dobutsu diagram is a line 'a b c', four lines 'rank square square square' (hands after 'hand:'), then '<first|second> player to move'; ${what}`,
    );
  if (lines.length !== ROWS + 2) throw wrong(`this one has ${lines.length} lines, not ${ROWS + 2}`);
  if (lines[0].trim() !== 'a b c') throw wrong(`the first line is '${lines[0].trim()}'`);
  const ranks: string[] = [];
  // Letters in hand say whose they are by their case, as in the one-line form.
  let inHand = '';
  for (let r = 0; r < ROWS; r++) {
    const m = /^\s*(\d)\s+(\S)\s+(\S)\s+(\S)(?:\s+hand:\s*(\S+))?$/.exec(lines[r + 1]);
    if (!m || Number(m[1]) !== r + 1) throw wrong(`line ${r + 2} is '${lines[r + 1].trim()}'`);
    ranks.push(m[2] + m[3] + m[4]);
    if (m[5] !== undefined && m[5] !== '-') inHand += m[5];
  }
  const side = /^\s*(first|second) player\b.*\bto move$/.exec(lines[ROWS + 1]);
  if (!side) throw wrong(`the last line is '${lines[ROWS + 1].trim()}'`);
  return `${ranks.join('/')} ${side[1] === 'first' ? 'b' : 'w'} ${inHand === '' ? '-' : inHand}`;
}

/** The one-line form, checked: shape, letters, one lion each, the pairs in play and their counts. */
function parseLine(text: string, pieces: Pieces): DobutsuPosition {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 3) {
    throw new InputError(
      `a Dobutsu position is '<ranks 1-4 separated by /> <b|w> <hands or ->', e.g. '${EXAMPLE}'; not '${text.trim()}'`,
    );
  }
  const [boardText, side, handField] = fields;
  const ranks = boardText.split('/');
  if (ranks.length !== ROWS) {
    throw new InputError(
      `the board '${boardText}' has ${ranks.length} ranks; it needs ${ROWS}, separated by '/'`,
    );
  }
  ranks.forEach((rank, r) => {
    if (rank.length !== 3) {
      throw new InputError(
        `rank ${r + 1} '${rank}' has ${rank.length} squares; each rank has 3 (files a, b, c)`,
      );
    }
    const bad = [...rank].find((ch) => !'.LGECHlgech'.includes(ch));
    if (bad !== undefined) {
      throw new InputError(
        `rank ${r + 1} '${rank}': '${bad}' is not a piece (L G E C H: first player; l g e c h: second; '.': empty)`,
      );
    }
  });
  const board = ranks.join('');
  if (side !== 'b' && side !== 'w') {
    throw new InputError(`the side to move is '${side}'; write b (the first player) or w (the second)`);
  }
  const hands: [string, string] = ['', ''];
  if (handField !== '-') {
    for (const ch of handField) {
      const upper = ch.toUpperCase();
      if (!KIND_LETTERS.includes(upper)) {
        const why =
          upper === 'H'
            ? 'a captured hen goes to hand as a chick'
            : upper === 'L'
              ? 'a lion is never in hand'
              : 'hands hold G, E, C (first player) and g, e, c (second)';
        throw new InputError(`'${ch}' cannot be in hand: ${why} (or '-' for empty hands)`);
      }
      hands[isFirstPlayers(ch) ? 0 : 1] += upper;
    }
  }
  checkMaterial(board, hands, pieces);
  return { board, turn: side === 'b' ? 0 : 1, hands: [sortHand(hands[0]), sortHand(hands[1])] };
}

function checkMaterial(board: string, hands: [string, string], pieces: Pieces): void {
  for (const lion of ['L', 'l']) {
    const n = [...board].filter((ch) => ch === lion).length;
    if (n !== 1) {
      const who = lion === 'L' ? 'first' : 'second';
      throw new InputError(`the ${who} player has ${n} lions on the board; each player has exactly one`);
    }
  }
  for (const kind of KIND_LETTERS) {
    const letters = kind === 'C' ? 'CHch' : kind + kind.toLowerCase();
    const n =
      [...board].filter((ch) => letters.includes(ch)).length +
      [...(hands[0] + hands[1])].filter((ch) => ch === kind).length;
    const expected = pieces.includes(kind) ? 2 : 0;
    if (n !== expected) {
      const where = expected === 0 ? ` (not in play in this variant: pieces=${pieces || 'none'})` : '';
      throw new InputError(
        `${PIECE_NAMES[kind]}: ${n} on the board and in hand, but the game has ${expected}${where}`,
      );
    }
  }
}
