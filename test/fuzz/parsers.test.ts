/**
 * Fuzzing every parser with fast-check: arbitrary text and mutations of valid
 * text go into every problem input, game ids with parameters, every game's
 * positions, the move names of `yomi play`, solution-file headers and bodies,
 * `--max-input` sizes and the error line itself. Each must either accept its
 * input or refuse it with a YomiError (the one-line user error: the CLI prints
 * it through `errorLine`); any other exception is a bug. Parsers write
 * nothing, so nothing reaches stdout. `npm test` runs a few thousand inputs
 * per parser; `npm run fuzz` sets YOMI_FUZZ_RUNS=100000.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlaySession } from '../../src/cli/play-session.js';
import { errorLine, MAX_ERROR_LINE } from '../../src/core/error-line.js';
import { YomiError } from '../../src/core/errors.js';
import { seededRandom } from '../../src/core/random.js';
import { savedSolution, saveSolution, sourceMismatch } from '../../src/db/saved-solution.js';
import { SolutionReader } from '../../src/db/solution-file.js';
import { openGame, resolveSpec } from '../../src/games/open.js';
import { GAMES } from '../../src/games/registry.js';
import { parseSize } from '../../src/host/read-input.js';
import { solve } from '../../src/solvers/index.js';
import { forged } from '../db/forge.js';
import { PROBLEMS } from '../helpers.js';

const RUNS = Number(process.env.YOMI_FUZZ_RUNS ?? 2000);
/** `npm run fuzz` asks for many runs: a test may then take as long as they need (in npm test, the default). */
const TIMEOUT = Math.max(45_000, RUNS * 20);

/** Runs `parse`; passes when it returns or throws a YomiError whose line is printable. */
function acceptsOrRefuses(parse: () => unknown): void {
  try {
    parse();
  } catch (e) {
    if (!(e instanceof YomiError)) throw e;
    const line = errorLine(e.message);
    expect(line).not.toMatch(/\n/);
    expect(line.length).toBeLessThanOrEqual(4 * MAX_ERROR_LINE);
  }
}

/** Mutations of a valid text: cut, insert, repeat or replace a part, by arbitrary text or digits. */
function mutated(valid: string): fc.Arbitrary<string> {
  const at = fc.nat({ max: valid.length });
  const junk = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom(
      '0',
      '-1',
      '99999999999',
      '1e9',
      ' ',
      '\n',
      '\r\n',
      '\t',
      '\u0000',
      '\uFEFF',
      '+',
      '.',
      '#',
    ),
  );
  const edit = fc.tuple(at, at, junk).map(([a, b, j]) => (text: string) => {
    const [lo, hi] = a <= b ? [a, b] : [b, a];
    return text.slice(0, Math.min(lo, text.length)) + j + text.slice(Math.min(hi, text.length));
  });
  return fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => edits.reduce((t, f) => f(t), valid));
}

/** Arbitrary text, valid text and its mutations. */
function texts(valid: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 64 }),
    fc.string({ unit: 'grapheme', maxLength: 32 }),
    fc.constantFrom(...valid),
    ...valid.map(mutated),
  );
}

const property = (arb: fc.Arbitrary<string>, parse: (text: string) => unknown) =>
  fc.assert(
    fc.property(arb, (text) => acceptsOrRefuses(() => parse(text))),
    { numRuns: RUNS },
  );

describe('problem inputs', () => {
  for (const def of GAMES.filter((g) => g.input !== undefined)) {
    it(`${def.id}: its example, the repository's first case and their mutations`, {
      timeout: TIMEOUT,
    }, () => {
      const first = join(PROBLEMS, def.id, 'tests', '01.in');
      const valid = [def.input?.example ?? ''];
      try {
        valid.push(readFileSync(first, 'utf8'));
      } catch {
        // Not every game that reads an input is a problem with cases (connect4).
      }
      // Only the short ones are mutated: a 2000×2000 grid would make each run slow, not more telling.
      property(texts(valid.filter((v) => v.length < 4000)), (text) => openGame(def.id, text));
    });
  }
});

describe('game ids with parameters', () => {
  const specs = GAMES.flatMap((def) => [
    def.id,
    `${def.id}(${def.params.map((p) => `${p.name}=${Array.isArray(p.default) ? p.default.join(' ') : p.default}`).join(',')})`,
  ]);
  it('resolveSpec: arbitrary and mutated specs', { timeout: TIMEOUT }, () => {
    property(texts(specs), (text) => resolveSpec(text));
  });

  it('openGame: the games made from parameters alone', { timeout: TIMEOUT }, () => {
    const small = [
      'nim(heaps=3 4)',
      'subtraction(set=1 3,heaps=5 6)',
      'octal(code=0.77,heaps=4 5)',
      'dodgem(size=3)',
      'kalah(pits=2,seeds=2)',
      'tic-tac-toe',
    ];
    property(texts(small), (text) => {
      const { def } = resolveSpec(text);
      return def.input === undefined ? openGame(text) : undefined;
    });
  });
});

describe('positions', () => {
  for (const def of GAMES) {
    it(`${def.id}: parsePosition of arbitrary and mutated positions`, { timeout: TIMEOUT }, () => {
      const defaults = Object.fromEntries(def.params.map((p) => [p.name, p.default]));
      const [game] = def.load(defaults, def.input?.example);
      const view = 'kind' in game && game.kind !== 'game' ? undefined : game;
      const parse = game.parsePosition?.bind(game);
      if (parse === undefined) return;
      const shown = view?.show ? [view.show(view.start)] : game.show ? [game.show(game.start as number)] : [];
      property(texts(shown), (text) => parse(text));
    });
  }
});

describe('move names in yomi play', () => {
  it('tic-tac-toe: any line a person types gets an answer', { timeout: TIMEOUT }, () => {
    const solution = solve(openGame('tic-tac-toe').games[0]);
    fc.assert(
      fc.property(
        fc.array(texts(['a1', 'b2', '5', '?', 'u', 'q', '9', '0', 'c3']), { maxLength: 12 }),
        (lines) => {
          const session = new PlaySession(solution, true, seededRandom(1));
          session.start();
          for (const line of lines) {
            if (session.done) break;
            acceptsOrRefuses(() => session.input(line));
          }
        },
      ),
      { numRuns: Math.max(100, RUNS / 10) },
    );
  });
});

describe('solution files', () => {
  const opened = openGame('tic-tac-toe');
  const folder = mkdtempSync(join(tmpdir(), 'yomi-fuzz-'));
  const file = join(folder, 'ttt.yomi');
  let valid: Buffer;
  try {
    saveSolution(file, { opened, dataset: 0 }, solve(opened.games[0]));
    valid = readFileSync(file);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const read = (bytes: Buffer) => {
    const decoded = SolutionReader.fromBytes(bytes, 'f');
    if (sourceMismatch(decoded.header, { opened, dataset: 0 }, 'f') !== undefined) return;
    const s = savedSolution(decoded, { opened, dataset: 0 }, 'f');
    s.value(s.game.start);
  };

  it('bodies: random bytes flipped, cut or inserted', { timeout: TIMEOUT }, () => {
    const edits = fc.array(
      fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 0, max: 255 }), fc.nat({ max: 2 })),
      {
        minLength: 1,
        maxLength: 4,
      },
    );
    fc.assert(
      fc.property(edits, (list) => {
        let bytes = Buffer.from(valid);
        for (const [at, byte, kind] of list) {
          if (kind === 0) bytes[at % bytes.length] = byte;
          else if (kind === 1) bytes = bytes.subarray(0, at % (bytes.length + 1));
          else bytes = Buffer.concat([bytes.subarray(0, at), Buffer.of(byte), bytes.subarray(at)]);
        }
        acceptsOrRefuses(() => read(bytes));
      }),
      { numRuns: RUNS },
    );
  });

  it('headers: arbitrary JSON and mutated fields, with the checksum recomputed', { timeout: TIMEOUT }, () => {
    const fixedLength = 48;
    const headerLength = valid.readUInt32LE(12);
    const header = JSON.parse(valid.toString('utf8', fixedLength, fixedLength + headerLength));
    const payload = valid.subarray(fixedLength + headerLength);
    const field = fc.constantFrom(...Object.keys(header), 'input', 'keys', 'tier');
    const mutatedHeader = fc
      .tuple(field, fc.jsonValue({ maxDepth: 2 }))
      .map(([k, v]) => ({ ...header, [k]: v }));
    const body = fc.oneof(
      fc.constant(payload),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
      fc.constant(deflateSync(Buffer.alloc(0))),
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 3 }), mutatedHeader), body, (h, b) => {
        acceptsOrRefuses(() => read(forged(h ?? null, [b])));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the command line', () => {
  it('--max-input sizes', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(texts(['64K', '16M', '1G', '1000', '2.5M']), (text) => {
        const n = parseSize(text);
        expect(n === undefined || (Number.isSafeInteger(n) && n > 0)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('any message becomes one printable line of bounded length', { timeout: TIMEOUT }, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'binary', minLength: 2000, maxLength: 5000 }),
        ),
        (message) => {
          const line = errorLine(message);
          expect(
            [...line].some(
              (c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f),
            ),
          ).toBe(false);
          expect(line.length).toBeLessThanOrEqual(4 * MAX_ERROR_LINE + 1);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
