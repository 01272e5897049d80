/**
 * The pieces of a queued tier solve that need no Redis: queue URLs (every
 * valid form read, the password never in what is shown, malformed ones
 * refused without being repeated), and the flows the coordinator submits,
 * checked against the tier graph written out by hand: one job per pending
 * tier, one link per pending child tier, ids that name their solve and tier.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQueueUrl, redact } from '../../src/cluster/queue-url.js';
import {
  keyOfJobId,
  LINK_QUEUE,
  parentTiers,
  TIER_QUEUE,
  tierFlows,
  tierJobId,
  tierOfJobId,
} from '../../src/cluster/tier-jobs.js';
import { YomiError } from '../../src/core/errors.js';
import type { TieredGame } from '../../src/core/tiered.js';
import { Dodgem } from '../../src/games/dodgem.js';

describe('queue URLs', () => {
  it('reads host, port, database and credentials, and never shows the password', () => {
    const a = parseQueueUrl('redis://:p%40ss@10.0.0.5:7000/3');
    expect(a).toMatchObject({ host: '10.0.0.5', port: 7000, db: 3, password: 'p@ss', tls: false });
    expect(a.shown).toBe('redis://:***@10.0.0.5:7000/3');
    expect(parseQueueUrl('rediss://user:pw@cache.internal')).toMatchObject({
      host: 'cache.internal',
      port: 6379,
      db: 0,
      username: 'user',
      tls: true,
      shown: 'rediss://user:***@cache.internal/0',
    });
    expect(parseQueueUrl('redis://127.0.0.1').shown).toBe('redis://127.0.0.1/0');
  });

  it('keeps any password out of what it shows and out of redacted messages', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.string({ maxLength: 40 }),
        (password, noise) => {
          const a = parseQueueUrl(`redis://:${encodeURIComponent(password)}@127.0.0.1:6380/1`);
          expect(a.password).toBe(password);
          const message = `${noise}${password}${noise}${encodeURIComponent(password)}`;
          const clean = redact(message, a);
          if (password.length >= 4) {
            expect(a.shown).not.toContain(password);
            expect(clean).not.toContain(password);
            expect(clean).not.toContain(encodeURIComponent(password));
          }
        },
      ),
    );
  });

  it('refuses what is not a Redis URL, without repeating it', () => {
    for (const text of [
      '',
      'localhost:6379',
      'http://h',
      'redis://:secret@',
      'redis://h/db',
      'redis://h/1?x=secret',
    ]) {
      let message = '';
      try {
        parseQueueUrl(text);
      } catch (e) {
        expect(e).toBeInstanceOf(YomiError);
        message = (e as Error).message;
      }
      expect(message, text).toMatch(/^--queue[ :]/);
      expect(message).not.toContain('secret');
    }
  });
});

describe('tier flows', () => {
  const game = new Dodgem(4).tiers.game as TieredGame;

  it('submit every pending tier with a link per pending child tier, and ids that name the solve and tier', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat({ max: game.tierCount - 1 })),
        fc.stringMatching(/^[0-9a-f]{12}$/),
        (tiers, key) => {
          const pending = new Set(tiers);
          const flows = tierFlows(game, 'dodgem(size=4)', key, pending);
          expect(flows.map((f) => f.data.tier).sort()).toEqual([...pending].sort());
          for (const flow of flows) {
            const tier = flow.data.tier as number;
            expect(flow.queueName).toBe(TIER_QUEUE);
            expect(tierOfJobId(key, flow.opts?.jobId)).toBe(tier);
            expect(keyOfJobId(flow.opts?.jobId)).toBe(key);
            const want: number[] = [];
            // Dodgem's tiers x{a}-o{b} lead to one car fewer on either side.
            const [a, b] = game.tierName(tier).match(/\d+/g)?.map(Number) ?? [];
            for (const [ca, cb] of [
              [a - 1, b],
              [a, b - 1],
            ]) {
              const c = ca * 4 + cb;
              if (ca >= 0 && cb >= 0 && pending.has(c)) want.push(c);
            }
            const links = flow.children ?? [];
            expect(links.map((l) => l.data.tier).sort()).toEqual(want.sort());
            for (const l of links) {
              expect(l.queueName).toBe(LINK_QUEUE);
              expect(l.data.parent).toBe(tier);
              expect(keyOfJobId(l.opts?.jobId)).toBe(key);
              expect(tierOfJobId(key, l.opts?.jobId)).toBeUndefined();
            }
          }
        },
      ),
    );
  });

  it('know which tiers read each tier', () => {
    const parents = parentTiers(game);
    for (let t = 0; t < game.tierCount; t++) {
      for (let p = 0; p < game.tierCount; p++) {
        expect(parents[t].includes(p)).toBe(p !== t && game.childTiers(p).includes(t));
      }
    }
    expect(tierOfJobId('abc', tierJobId('abd', 3))).toBeUndefined();
  });
});
