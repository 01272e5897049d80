/**
 * Fuzz of what yomi reads from files and queues it did not write itself: tier
 * directory manifests (arbitrary JSON, and a real manifest with one field
 * replaced by arbitrary JSON) are either read or refused with a YomiError,
 * never another error; queue job payloads and results (arbitrary JSON, and
 * real ones with one field replaced) are taken only when they are exactly the
 * solve's, and a result's strings never reach the statistics it is read into
 * beyond what the coordinator knows; hostile game objects (getters that
 * throw, Proxies that throw after some reads) are one UserCodeError when
 * guarded. 2,000 inputs per case in `npm test`; `npm run fuzz` sets
 * YOMI_FUZZ_RUNS=100000.
 */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { jobGame, ownJob, tierJobId, tierResult } from '../../src/cluster/tier-jobs.js';
import { YomiError } from '../../src/core/errors.js';
import type { AnyGame } from '../../src/core/game.js';
import { readTierManifest } from '../../src/db/tier-dir.js';
import { guardGame, UserCodeError } from '../../src/host/guarded-game.js';

const RUNS = Number(process.env.YOMI_FUZZ_RUNS ?? 2000);
/** Manifests go through a file each: a tenth as many. */
const FILE_RUNS = Math.ceil(RUNS / 10);
const dir = mkdtempSync(join(tmpdir(), 'yomi-fuzz-trust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const manifest = {
  format: 1,
  game: 'dodgem(size=3)',
  tiers: [{ name: 'x0-o0', positions: 2 }],
  header: {
    game: 'dodgem(size=3)',
    source: { kind: 'builtin', id: 'dodgem', params: { size: 3 }, rules: 1 },
  },
  stats: [{ tier: 0, name: 'x0-o0', positions: 2, moves: 0, ms: 1, encoding: 'wl8', bytesPerPosition: 2 }],
  queueKey: '0123456789ab',
};

/** Reads `text` as a manifest: the manifest, or a YomiError; anything else fails the property. */
function readAsManifest(text: string): unknown {
  writeFileSync(join(dir, 'manifest.json'), text);
  try {
    return readTierManifest(dir);
  } catch (e) {
    if (!(e instanceof YomiError)) throw e;
    return undefined;
  }
}

describe('manifests', () => {
  it('a real one is read', () => {
    expect(readAsManifest(JSON.stringify(manifest))).toEqual(manifest);
  });

  it('arbitrary JSON, or one field replaced, is read or refused with one YomiError', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        readAsManifest(JSON.stringify(v));
      }),
      { numRuns: FILE_RUNS },
    );
    const keys = Object.keys(manifest);
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue(), (key, v) => {
        readAsManifest(JSON.stringify({ ...manifest, [key]: v }));
        readAsManifest(JSON.stringify({ ...manifest, header: { ...manifest.header, [key]: v } }));
      }),
      { numRuns: FILE_RUNS },
    );
  });
});

describe('queue payloads', () => {
  const key = manifest.queueKey;
  const game = jobGame(manifest.game, manifest.header.source as never);

  it('a job is taken only when its id and data are exactly the solve’s', () => {
    expect(ownJob(tierJobId(key, 3), { game, tier: 3 }, key, game)).toBe(true);
    fc.assert(
      fc.property(fc.option(fc.string()), fc.jsonValue(), (id, data) => {
        const taken = ownJob(id ?? undefined, data, key, game);
        if (taken) {
          const d = data as { game: unknown; tier: unknown };
          expect(d.game).toBe(game);
          expect(Number.isSafeInteger(d.tier)).toBe(true);
          expect(id?.startsWith(`${key}-`)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("a result is taken only in shape, with the coordinator's own name, size and encoding", () => {
    const known = { tier: 0, name: 'x0-o0', positions: 2, encoding: 'wl8' };
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('stats', 'worker', 'moves', 'ms'),
        fc.jsonValue(),
        (v, field, w) => {
          const real = { worker: 'vm/1', stats: { ...known, moves: 0, ms: 1, bytesPerPosition: 2 } };
          for (const x of [v, { ...real, [field]: w }, { ...real, stats: { ...real.stats, [field]: w } }]) {
            const r = tierResult(x, known);
            if (r === undefined) continue;
            expect(r.stats).toMatchObject(known);
            expect(typeof r.worker).toBe('string');
            expect(Number.isSafeInteger(r.stats.moves) && r.stats.ms >= 0).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('hostile game objects', () => {
  const fields = [
    'id',
    'start',
    'kind',
    'moves',
    'play',
    'key',
    'size',
    'maxMoves',
    'maxParents',
    'extraTurns',
  ];
  it('a getter that throws, or a Proxy that throws after some reads, is one UserCodeError or a guarded game', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.nat(30), fc.boolean(), (field, after, proxy) => {
        const base: Record<string, unknown> = {
          id: 'g',
          start: 3,
          moves: (p: number) => (p > 0 ? [1] : []),
          play: (p: number, m: number) => p - m,
          key: (p: number) => p,
        };
        let game: unknown;
        if (proxy) {
          let reads = 0;
          game = new Proxy(base, {
            get(t, k) {
              if (++reads > after) throw new Error('tired');
              return t[k as string];
            },
          });
        } else {
          Object.defineProperty(base, field, {
            get() {
              throw new Error('no');
            },
            enumerable: true,
          });
          game = base;
        }
        try {
          const g = guardGame(game as AnyGame, 'm.mjs') as unknown as Record<string, unknown>;
          // Guarded: its fields are read already, so reading them again throws nothing.
          for (const f of ['id', 'start', 'size', 'maxParents', 'parents', 'show']) void g[f];
        } catch (e) {
          expect(e).toBeInstanceOf(UserCodeError);
          expect((e as Error).message).toMatch(/^m\.mjs: /);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
