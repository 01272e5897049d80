/**
 * The built-in problems against their reference solvers (references.ts,
 * written from the statements in problems/): each reference reproduces every
 * kept case; the library agrees with it on many small seeded random inputs
 * (fast-check); and `yomi solve` agrees with it on seeded random inputs of
 * growing size, up to the problems' limits — these stand in for the large
 * cases that the repository does not keep.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/random.js';
import { extraProblemCases, problemCases, problemIds } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { libraryAnswer } from './library-answer.js';
import { RANDOM_INPUTS } from './random-inputs.js';
import { REFERENCES } from './references.js';

describe.each(problemIds())('%s against its reference solver', (id) => {
  const reference = REFERENCES[id];
  const random = RANDOM_INPUTS[id];

  it('has a reference and a random input generator', () => {
    expect(reference).toBeTypeOf('function');
    expect(random).toBeDefined();
  });

  it('the reference answers every case', () => {
    for (const c of [...problemCases(id), ...extraProblemCases(id)]) {
      expect(reference(c.input), c.name).toBe(c.expected);
    }
  });

  it('the library agrees on small random inputs', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: random.small }), (seed, size) => {
        const input = random.input(seededRandom(seed), size);
        expect(libraryAnswer(id, input), input).toBe(reference(input));
      }),
      { numRuns: 150 },
    );
  });

  for (const [i, size] of random.growing.entries()) {
    it(`yomi solve agrees on a random input of size ${size}`, () => {
      const input = random.input(seededRandom(i + 1), size);
      const r = runCli(['solve', id], input);
      expect([r.status, r.stderr]).toEqual([0, '']);
      expect(r.stdout).toBe(reference(input));
    });
  }
});
