/**
 * Reference solvers for the built-in problems, written straight from their
 * statements (problems/<id>/README.md) and sharing no code with yomi: each
 * reads the input text itself and answers with a plain table or recursion
 * that is easy to check by eye. The tests compare them with the kept cases
 * and with yomi on random inputs of growing size.
 */

/** An input's whitespace-separated tokens, read in order. */
function tokens(input: string) {
  const all = input.trim().split(/\s+/);
  let at = 0;
  return {
    next: (): string => all[at++],
    int: (): number => Number(all[at++]),
  };
}

const sign = (margin: number, plus: string, minus: string, zero: string) =>
  `${margin > 0 ? plus : margin < 0 ? minus : zero}\n`;

/** abc201d: the margin of every square for the player to move there, from the bottom-right corner back. */
function abc201d(input: string): string {
  const read = tokens(input);
  const h = read.int();
  const w = read.int();
  const rows = Array.from({ length: h }, () => read.next());
  const points = (i: number, j: number) => (rows[i][j] === '+' ? 1 : -1);
  const margin = Array.from({ length: h }, () => new Float64Array(w));
  for (let i = h - 1; i >= 0; i--) {
    for (let j = w - 1; j >= 0; j--) {
      const options: number[] = [];
      if (j + 1 < w) options.push(points(i, j + 1) - margin[i][j + 1]);
      if (i + 1 < h) options.push(points(i + 1, j) - margin[i + 1][j]);
      margin[i][j] = options.length === 0 ? 0 : Math.max(...options);
    }
  }
  return sign(margin[0][0], 'Takahashi', 'Aoki', 'Draw');
}

/** edpc-k: a pile is won when some allowed amount leaves a lost pile. */
function edpcK(input: string): string {
  const read = tokens(input);
  const n = read.int();
  const k = read.int();
  const amounts = Array.from({ length: n }, () => read.int());
  const won: boolean[] = [];
  for (let pile = 0; pile <= k; pile++) won[pile] = amounts.some((a) => a <= pile && !won[pile - a]);
  return won[k] ? 'First\n' : 'Second\n';
}

/** edpc-l: the best margin of every stretch a_l … a_r, stretches of one number first, then longer ones. */
function edpcL(input: string): string {
  const read = tokens(input);
  const n = read.int();
  const a = Array.from({ length: n }, () => read.int());
  // shorter[l]: the margin of the stretch of the previous length that starts at l.
  let shorter = new Float64Array(n + 1);
  for (let length = 1; length <= n; length++) {
    const margin = new Float64Array(n + 1);
    for (let l = 0; l + length <= n; l++) {
      const r = l + length - 1;
      margin[l] = Math.max(a[l] - shorter[l + 1], a[r] - shorter[l]);
    }
    shorter = margin;
  }
  return `${shorter[0]}\n`;
}

/** arc038b: a square is won when a step down, right or down-right reaches a free square that is lost. */
function arc038b(input: string): string {
  const read = tokens(input);
  const h = read.int();
  const w = read.int();
  const rows = Array.from({ length: h }, () => read.next());
  const free = (i: number, j: number) => i < h && j < w && rows[i][j] === '.';
  const won = Array.from({ length: h + 1 }, () => new Array<boolean>(w + 1).fill(false));
  for (let i = h - 1; i >= 0; i--) {
    for (let j = w - 1; j >= 0; j--) {
      const steps: [number, number][] = [
        [i + 1, j],
        [i, j + 1],
        [i + 1, j + 1],
      ];
      won[i][j] = steps.some(([a, b]) => free(a, b) && !won[a][b]);
    }
  }
  return won[0][0] ? 'First\n' : 'Second\n';
}

/**
 * arc038d: the game with a move limit, for t = 0, 1, 2, … second-player
 * moves left. first[v] is the score with the first player to move on v:
 * max(stop, each move's value); a second-player move from u is worth
 * min(stop, each move's value one limit lower); with no moves left the game
 * is over. Each round can only raise first[] (one more move for the first
 * player is never worse for him), so once a round changes nothing, no later
 * round does: that is the score at the limit of 10^9 as well.
 */
function arc038d(input: string): string {
  const read = tokens(input);
  const n = read.int();
  const m = read.int();
  const x = Array.from({ length: n }, () => read.int());
  const next: number[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < m; k++) {
    const from = read.int() - 1;
    next[from].push(read.int() - 1);
  }
  let first = [...x];
  for (let round = 1; round <= 1e9; round++) {
    const second = x.map((stop, u) => next[u].reduce((best, w) => Math.min(best, first[w]), stop));
    const raised = x.map((stop, v) => next[v].reduce((best, u) => Math.max(best, second[u]), stop));
    if (raised.every((score, v) => score === first[v])) return `${first[0]}\n`;
    first = raised;
  }
  throw new Error('arc038d reference: no fixed point within 10^9 rounds');
}

/**
 * grid-duel: Alice's best margin (her points − Bob's) by plain max/min over
 * every line of play, cells numbered row by row from 0: no memo, no pruning.
 */
export function gridDuelMargin(n: number, m: number, alice: number, bob: number, values: number[]): number {
  const board = [...values];
  const step = (me: number, other: number, left: number, aliceToMove: boolean): number => {
    if (left === 0) return 0;
    let best = aliceToMove ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
    const r = Math.floor(me / n);
    const c = me % n;
    for (const [dr, dc] of [
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ]) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
      const to = rr * n + cc;
      if (to === other) continue;
      const got = board[to];
      board[to] = 0;
      const rest = step(other, to, left - 1, !aliceToMove);
      board[to] = got;
      const v = aliceToMove ? got + rest : rest - got;
      best = aliceToMove ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return step(alice, bob, 2 * m, true);
}

function gridDuel(input: string): string {
  const read = tokens(input);
  const n = read.int();
  const m = read.int();
  const [ax, ay, bx, by] = [read.int(), read.int(), read.int(), read.int()];
  const values = Array.from({ length: n * n }, () => read.int());
  const margin = gridDuelMargin(n, m, (ax - 1) * n + ay - 1, (bx - 1) * n + by - 1, values);
  return sign(margin, 'Alice', 'Bob', 'Draw');
}

/**
 * jag2015-d: the positions from which Alice escapes, grown from none until a
 * sweep adds nothing (so every one of them escapes in finitely many moves;
 * any other position lets Bob keep her in, or stuck, forever). Alice to move
 * in a cell escapes when an open side is on the border, or leads to a cell
 * where Bob to move cannot stop her: both his choices (leave the walls,
 * flip them) give her an escaping position.
 */
function jag2015dDataset(read: ReturnType<typeof tokens>, h: number): string {
  const w = read.int();
  const start = (read.int() - 1) * w + read.int() - 1;
  const above: number[][] = []; // above[i][j]: the side above cell (i, j); row h is below the last row
  const left: number[][] = []; // left[i][j]: the side left of cell (i, j); column w is right of the last column
  for (let i = 0; i <= h; i++) {
    above.push(Array.from({ length: w }, () => read.int()));
    if (i < h) left.push(Array.from({ length: w + 1 }, () => read.int()));
  }
  // escapes[flipped][cell], with Alice to move.
  const escapes = [new Array<boolean>(h * w).fill(false), new Array<boolean>(h * w).fill(false)];
  for (let grew = true; grew; ) {
    grew = false;
    for (const flipped of [0, 1]) {
      for (let i = 0; i < h; i++) {
        for (let j = 0; j < w; j++) {
          if (escapes[flipped][i * w + j]) continue;
          const sides: [number, number, number][] = [
            [above[i][j], i - 1, j],
            [above[i + 1][j], i + 1, j],
            [left[i][j], i, j - 1],
            [left[i][j + 1], i, j + 1],
          ];
          const out = sides.some(([wall, a, b]) => {
            if ((wall ^ flipped) === 1) return false;
            if (a < 0 || a >= h || b < 0 || b >= w) return true;
            return escapes[0][a * w + b] && escapes[1][a * w + b];
          });
          if (out) {
            escapes[flipped][i * w + j] = true;
            grew = true;
          }
        }
      }
    }
  }
  return escapes[0][start] ? 'Yes' : 'No';
}

function jag2015d(input: string): string {
  const read = tokens(input);
  const answers: string[] = [];
  for (let h = read.int(); h !== 0; h = read.int()) answers.push(jag2015dDataset(read, h));
  return `${answers.join('\n')}\n`;
}

/** Each problem's reference: the input text in, the expected output text out. */
export const REFERENCES: Record<string, (input: string) => string> = {
  abc201d,
  'edpc-k': edpcK,
  'edpc-l': edpcL,
  arc038b,
  arc038d,
  'grid-duel': gridDuel,
  'jag2015-d': jag2015d,
};
