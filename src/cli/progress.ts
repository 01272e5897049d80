/**
 * Progress of long work on stderr, drawn with cli-progress as one status line
 * that leaves nothing behind:
 *
 * - nothing at all when stderr is not a terminal (pipes, files, tests), or
 *   is a dumb one (`TERM=dumb`);
 * - nothing for work that ends within `DELAY_MS` (most solves), so no
 *   `0%` bar flashes above a quick result;
 * - `stop()` erases the line, so the result is printed where the bar was —
 *   never under a bar frozen at 94% — and a new phase (exploring, then
 *   sweeping) redraws the same line;
 * - Ctrl-C erases the line too, although the work runs synchronously and no
 *   signal handler could (cli/interrupt-watch.ts);
 * - the cursor is never hidden and line wrapping never turned off (lines are
 *   cut to the terminal's width instead), so a process ended by Ctrl-C
 *   leaves the terminal as it found it;
 * - plain text only: no colour, whatever `NO_COLOR` says.
 *
 * Solvers report through `SolverOptions.onProgress` (`{ unit, done, total? }`,
 * every few thousand positions or nodes); the line shows the count, the
 * percentage and an ETA when the total is known, the rate, and the time the
 * phase has taken.
 */

import { fstatSync } from 'node:fs';
import { createRequire } from 'node:module';
import type cliProgressModule from 'cli-progress';
import { grouped } from '../core/grouped.js';
import type { Progress } from '../solvers/options.js';
import { type InterruptWatch, watchInterrupts } from './interrupt-watch.js';

export interface ProgressSink {
  /** Absent when nothing is drawn (stderr is not a terminal), so solvers skip reporting. */
  onProgress?: (p: Progress) => void;
  /** Erases the line; the next output starts where the bar was. */
  stop(): void;
}

/** Back to the start of the line, and the line cleared. */
const ERASE_LINE = '\r\u001b[K';

/** Work shorter than this draws nothing. */
export const DELAY_MS = 400;
const BAR_WIDTH = 24;

export interface ProgressTarget {
  stream: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  /** Milliseconds since some fixed point (tests pass their own clock). */
  now(): number;
}

/**
 * False when stderr is surely not a terminal (a pipe, a file), found without
 * making `process.stderr`: a stream to a pipe took about 2 ms to make, for a
 * command that draws nothing.
 */
export function stderrMayBeTerminal(): boolean {
  try {
    return fstatSync(2).isCharacterDevice();
  } catch {
    return false; // stderr is closed
  }
}

/** Whether a status line can be drawn on this stream. */
export function canDraw(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** What the line shows for one report, `elapsed` milliseconds into its phase. */
export function statusLine(p: Progress, elapsed: number): string {
  const seconds = elapsed / 1000;
  const rate = seconds > 0 ? p.done / seconds : 0;
  const parts: string[] = [];
  if (p.total !== undefined && p.total > 0) {
    const share = Math.min(1, p.done / p.total);
    const filled = Math.round(share * BAR_WIDTH);
    parts.push(
      `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}%`,
      `${grouped(p.done)}/${grouped(p.total)} ${p.unit}`,
    );
    // The detail early: a narrow terminal cuts the line's end.
    if (p.detail !== undefined) parts.push(p.detail);
    if (rate > 0 && p.done < p.total) parts.push(`ETA ${duration(((p.total - p.done) / rate) * 1000)}`);
  } else {
    parts.push(`${grouped(p.done)} ${p.unit}`);
    if (p.detail !== undefined) parts.push(p.detail);
  }
  if (rate > 0) parts.push(`${grouped(Math.round(rate))}/s`);
  parts.push(duration(elapsed));
  return parts.join(' · ');
}

/** `850 ms`, `12s`, `3m 05s`, `1h 02m`. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** A status line on stderr for solvers' progress reports (see the header). */
export function progressBar(target?: ProgressTarget): ProgressSink {
  if (target === undefined && !stderrMayBeTerminal()) return { stop() {} };
  return drawnProgress(target ?? { stream: process.stderr, env: process.env, now: Date.now });
}

function drawnProgress(target: ProgressTarget): ProgressSink {
  if (!canDraw(target.stream, target.env)) return { stop() {} };
  // When the work being reported began: the sink's creation, then the first report after each stop()
  // (a search for a move in yomi play, long after the first solve).
  let since: number | undefined = target.now();
  let bar: cliProgressModule.SingleBar | undefined;
  let watch: InterruptWatch | undefined;
  let phase = { unit: '', started: since };
  return {
    onProgress(p) {
      const now = target.now();
      since ??= now;
      if (p.unit !== phase.unit) phase = { unit: p.unit, started: now };
      if (now - since < DELAY_MS) return;
      const payload = { line: statusLine(p, now - phase.started) };
      if (bar === undefined) {
        bar = newBar(target.stream);
        bar.start(p.total ?? 0, p.done, payload);
        if (target.stream === process.stderr) watch = watchInterrupts(ERASE_LINE);
      } else {
        bar.update(p.done, payload);
      }
    },
    stop() {
      watch?.stop();
      watch = undefined;
      bar?.stop();
      bar = undefined;
      since = undefined;
      phase = { unit: '', started: 0 };
    },
  };
}

function newBar(stream: NodeJS.WriteStream): cliProgressModule.SingleBar {
  // Loaded only when a line is drawn: a command whose stderr is not a terminal does not pay for it.
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof cliProgressModule;
  return new cliProgress.SingleBar({
    stream,
    format: (_options, _params, payload: { line: string }) => payload.line,
    fps: 10,
    hideCursor: false, // a hidden cursor would stay hidden after Ctrl-C
    linewrap: true, // not turned off (it would stay off after Ctrl-C): the line is cut to the width instead
    clearOnComplete: true,
    gracefulExit: false, // Ctrl-C must end a solve at once, not wait for it
  });
}
