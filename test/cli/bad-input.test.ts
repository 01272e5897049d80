/**
 * The user's mistakes on the command line: an unknown game, bad parameters
 * (unknown key, not an integer, out of range, not key=value), an unknown
 * solver, a missing input file, a game over --max-positions. Each is one line
 * `yomi: …` on stderr, exit code 2, nothing on stdout, no stack trace.
 */

import { describe, it } from 'vitest';
import { GAMES } from '../../src/games/registry.js';
import { expectUserError, runCli } from '../run-cli.js';

function expectOneLineError(args: string[], message: string | RegExp, stdin = ''): void {
  expectUserError(runCli(args, stdin), message);
}

describe('bad command lines', () => {
  it('an unknown game id', () => {
    expectOneLineError(['solve', 'chess'], "unknown game 'chess'; run 'yomi list'");
    expectOneLineError(['analyze', 'chess'], "unknown game 'chess'");
    expectOneLineError(['check', 'chess'], "unknown game 'chess'");
    expectOneLineError(['play', 'chess'], "unknown game 'chess'");
  });

  it('an unknown parameter', () => {
    expectOneLineError(['solve', 'tic-tac-toe(size=4)'], "tic-tac-toe: unknown parameter 'size'");
  });

  it('a parameter not written as key=value', () => {
    expectOneLineError(['solve', 'tic-tac-toe(size)'], "parameter 'size' is not of the form key=value");
  });

  // Every built-in game's integer parameters are validated the same way.
  const intParams = GAMES.flatMap((def) =>
    def.params.filter((p) => p.type === 'int' || p.type === 'ints').map((p) => ({ def, p })),
  );
  for (const { def, p } of intParams) {
    it(`${def.id}: ${p.name} not an integer`, () => {
      expectOneLineError(
        ['solve', `${def.id}(${p.name}=x)`],
        `${def.id}: parameter ${p.name}=x: 'x' is not an integer`,
      );
    });
    const min = p.min;
    if (min !== undefined) {
      it(`${def.id}: ${p.name} out of range`, () => {
        expectOneLineError(['solve', `${def.id}(${p.name}=${min - 1})`], /is out of range/);
      });
    }
  }

  it('an unknown solver', () => {
    expectOneLineError(
      ['solve', 'tic-tac-toe', '--solver', 'magic'],
      "unknown solver 'magic'; the solvers are: auto,",
    );
  });

  it('a missing input file', () => {
    expectOneLineError(['solve', 'edpc-k', 'no/such/input.txt'], "cannot read 'no/such/input.txt': ENOENT");
  });

  it('more positions than --max-positions', () => {
    expectOneLineError(
      ['solve', 'tic-tac-toe', '--max-positions', '500'],
      'tic-tac-toe has more than 500 positions (--max-positions)',
    );
    expectOneLineError(
      ['analyze', 'tic-tac-toe', '--solver', 'negamax', '--max-positions', '50'],
      '--max-positions',
    );
  });
});
