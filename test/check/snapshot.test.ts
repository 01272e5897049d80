/**
 * The structural fingerprint `yomi check` compares positions with: equal for
 * structurally equal values, different otherwise, and safe on cycles.
 */

import { describe, expect, it } from 'vitest';
import { snapshot } from '../../src/check/snapshot.js';

describe('snapshot', () => {
  it('is equal for structurally equal values, whatever the key order', () => {
    const a = { stones: 3, last: [1, 2], grid: Int8Array.of(1, 0), seen: new Set(['x']), n: 5n };
    const b = { n: 5n, seen: new Set(['x']), grid: Int8Array.of(1, 0), last: [1, 2], stones: 3 };
    expect(snapshot(a)).toBe(snapshot(b));
  });

  it('tells apart values that differ anywhere', () => {
    const values: unknown[] = [
      1,
      '1',
      1n,
      [1],
      [[1]],
      { a: 1 },
      { a: '1' },
      { a: 1, b: undefined },
      Int8Array.of(1),
      Uint8Array.of(1),
      new Map([[1, 2]]),
      new Set([1, 2]),
      null,
      undefined,
      -0,
    ];
    const texts = values.map(snapshot);
    expect(new Set(texts).size).toBe(values.length);
  });

  it('survives cycles', () => {
    const a: { self?: unknown } = {};
    a.self = a;
    expect(snapshot(a)).toBe('{"self":<cycle>}');
  });
});
