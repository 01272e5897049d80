/**
 * Progress of long work on stderr — done / total, rate and ETA — drawn with
 * cli-progress, and only when stderr is a terminal (so pipes and tests see
 * nothing). Solvers report through `SolverOptions.onProgress`; this turns those
 * reports into a bar.
 */

import { createRequire } from 'node:module';
import type cliProgressModule from 'cli-progress';
import type { Progress } from '../solvers/options.js';

export interface ProgressSink {
  onProgress?: (p: Progress) => void;
  stop(): void;
}

export function progressBar(enabled = Boolean(process.stderr.isTTY)): ProgressSink {
  if (!enabled) return { stop() {} };
  // Loaded only when a bar is drawn: a command whose stderr is not a terminal does not pay for it.
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof cliProgressModule;
  let bar: cliProgressModule.SingleBar | undefined;
  let unit = '';
  return {
    onProgress(p) {
      if (!bar || unit !== p.unit) {
        bar?.stop();
        unit = p.unit;
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format:
              p.total === undefined
                ? `{value} ${p.unit} | {rate}/s | {duration_formatted}`
                : `[{bar}] {percentage}% | {value}/{total} ${p.unit} | {rate}/s | ETA {eta_formatted}`,
            etaBuffer: 50,
            fps: 5,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(p.total ?? 0, p.done, { rate: '0' });
      }
      const seconds = (Date.now() - (bar as unknown as { startTime: number }).startTime) / 1000;
      if (p.total !== undefined) bar.setTotal(p.total);
      bar.update(p.done, { rate: seconds > 0 ? Math.round(p.done / seconds).toLocaleString('en-US') : '0' });
    },
    stop() {
      bar?.stop();
    },
  };
}
