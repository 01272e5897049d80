/**
 * `--max-seconds` holds in the tier solver, on one thread and on the pool:
 * between the steps of a tier (each at most about a million positions) and
 * while the pool's threads work. Dodgem 5×5 takes far longer than the budget
 * here on any machine; the test asserts the budget's line, not a time. With a
 * budget it does not reach, the answer is the one without.
 */

import { describe, expect, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';

describe('--max-seconds in the tier solver', () => {
  it('stops Dodgem 5×5 with the budget line, on one thread and on two', () => {
    for (const threads of ['1', '2']) {
      expectUserError(
        runCli(['solve', 'dodgem(size=5)', '--max-seconds', '1', '--threads', threads]),
        'dodgem(size=5) was not solved within the time budget (--max-seconds)',
        true,
      );
    }
  });

  it('answers as without a budget when the budget is not reached', () => {
    for (const threads of ['1', '2']) {
      expect(runCli(['solve', 'dodgem(size=4)', '--max-seconds', '600', '--threads', threads]).stdout).toBe(
        'draw\n',
      );
    }
  });
});
