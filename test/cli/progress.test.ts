/**
 * The progress line (cli/progress.ts) on a stand-in terminal: nothing when
 * stderr is not a terminal or a dumb one, nothing for work shorter than the
 * delay, a line with count, share, ETA and rate after it, erased by `stop()`;
 * never a hidden cursor, line wrapping turned off or a colour, with or
 * without NO_COLOR.
 */

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DELAY_MS, duration, progressBar, statusLine } from '../../src/cli/progress.js';

/** A stream that says it is a terminal 80 columns wide, and keeps what is written to it. */
function terminal(isTTY = true) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 80, rows: 24 });
  const written: string[] = [];
  stream.on('data', (chunk: Buffer) => written.push(chunk.toString()));
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => written.join('') };
}

/** A clock the test moves. */
function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const ESC = '\u001b';

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('progressBar', () => {
  it('draws nothing when stderr is not a terminal, or is a dumb one', async () => {
    for (const [isTTY, env] of [
      [false, {}],
      [true, { TERM: 'dumb' }],
    ] as const) {
      const t = terminal(isTTY);
      const c = clock();
      const sink = progressBar({ stream: t.stream, env, now: c.now });
      expect(sink.onProgress).toBeUndefined();
      sink.stop();
      await flush();
      expect(t.text()).toBe('');
    }
  });

  it('draws nothing for work that ends within the delay', async () => {
    const t = terminal();
    const c = clock();
    const sink = progressBar({ stream: t.stream, env: {}, now: c.now });
    c.advance(DELAY_MS - 1);
    sink.onProgress?.({ unit: 'positions', done: 4096, total: 5478 });
    sink.stop();
    await flush();
    expect(t.text()).toBe('');
  });

  it('draws one line after the delay and erases it on stop, touching neither cursor nor wrapping', async () => {
    for (const env of [{}, { NO_COLOR: '1' }]) {
      const t = terminal();
      const c = clock();
      const sink = progressBar({ stream: t.stream, env, now: c.now });
      c.advance(DELAY_MS + 100);
      sink.onProgress?.({ unit: 'positions', done: 1000, total: 5478 });
      await flush();
      expect(t.text()).toContain('1,000/5,478 positions');
      sink.stop();
      await flush();
      const all = t.text();
      expect(all.endsWith(`${ESC}[2K`)).toBe(true); // ends by clearing the line
      expect(all).not.toContain(`${ESC}[?25l`); // cursor never hidden
      expect(all).not.toContain(`${ESC}[?7l`); // line wrapping never turned off
      expect(all).not.toMatch(new RegExp(`${ESC}\\[[\\d;]*m`)); // no colour
      expect(all).not.toContain('\n'); // one line, redrawn in place
    }
  });

  it('times work after a stop from its own first report (a search for a move in yomi play)', async () => {
    const t = terminal();
    const c = clock();
    const sink = progressBar({ stream: t.stream, env: {}, now: c.now });
    sink.stop(); // the first solve was quick
    c.advance(60_000); // the player thinks for a minute
    sink.onProgress?.({ unit: 'nodes', done: 1000 });
    c.advance(DELAY_MS - 1);
    sink.onProgress?.({ unit: 'nodes', done: 2000 });
    await flush();
    expect(t.text()).toBe(''); // quick again: nothing drawn
    c.advance(1000);
    sink.onProgress?.({ unit: 'nodes', done: 3000 });
    await flush();
    expect(t.text()).toMatch(/3,000 nodes · [\d,]+\/s · 1s/); // 1.4 s into this search, not a minute
    sink.stop();
  });
});

describe('statusLine', () => {
  it('shows share, count, ETA, rate and time with a known total', () => {
    const line = statusLine({ unit: 'positions', done: 2739, total: 5478 }, 2000);
    expect(line).toBe('[████████████░░░░░░░░░░░░] 50% · 2,739/5,478 positions · ETA 2s · 1,370/s · 2s');
  });

  it('shows count, rate and time without a total, and no ETA or NaN anywhere', () => {
    expect(statusLine({ unit: 'positions explored', done: 65536 }, 30_000)).toBe(
      '65,536 positions explored · 2,185/s · 30s',
    );
    expect(statusLine({ unit: 'positions', done: 0, total: 5478 }, 0)).toBe(
      '[░░░░░░░░░░░░░░░░░░░░░░░░] 0% · 0/5,478 positions · 0 ms',
    );
  });

  it('writes durations for people', () => {
    expect([850, 12_400, 185_000, 3_725_000].map(duration)).toEqual(['850 ms', '12s', '3m 05s', '1h 02m']);
  });
});
