/**
 * Arguments are read before any solving: a malformed `--position` is one line
 * at once (not after a solve of Dobutsu shogi, nor after the auto solver's
 * note), and numbers are decimal integers — `''`, `0x2`, `1e3` are refused —
 * with `--threads` bounded by the machine's cores.
 */

import { availableParallelism } from 'node:os';
import { describe, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

describe('arguments are checked before any solving', () => {
  it('a malformed --position: one line, before the solve', () => {
    // Solving Dobutsu shogi takes minutes: the line comes first.
    expectUserError(
      runCli(['analyze', 'dobutsu', '--position', 'garbage']),
      /a Dobutsu position is .* not 'garbage'/,
    );
    // One line: no note of the solver auto picked before it.
    expectUserError(
      runCli(['analyze', 'nim(heaps=1000000 1000000)', '--position', 'garbage']),
      /a position is a row of heap sizes .* not 'garbage'/,
    );
    expectUserError(
      runCli(['analyze', 'kalah(pits=6,seeds=6)', '--position', 'garbage', '--max-seconds', '2']),
      /a position of kalah\(pits=6,seeds=6\) is 12 seed counts/,
    );
  });

  it('numbers are decimal integers', () => {
    expectUserError(
      runCli(['book', 'connect4', '--plies', '', '--save', 'x.book']),
      "--plies expects an integer from 0 to 16, not ''",
    );
    expectUserError(runCli(['book', 'connect4', '--plies', '0x2', '--save', 'x.book']), "not '0x2'");
    expectUserError(
      runCli(['check', 'tic-tac-toe', '--playouts', '1e3']),
      /'--playouts <n>' argument '1e3' is invalid\. expected an integer ≥ 1/,
    );
    expectUserError(
      runCli(['solve', 'tic-tac-toe', '--max-seconds', '0x10']),
      /argument '0x10' is invalid\. expected a positive number/,
    );
    expectUserError(runCli(['solve', 'dodgem', '--threads', '']), /expected a positive integer/);
  });

  it('--threads beyond the cores: one line', () => {
    const cores = availableParallelism();
    expectUserError(
      runCli(['solve', 'dodgem', '--threads', String(cores + 1)]),
      `this machine has ${cores} core${cores === 1 ? '' : 's'}: give at most ${cores}`,
    );
    expectUserError(runCli(['solve', 'dodgem', '--threads', '200']), /give at most/);
  });
});
