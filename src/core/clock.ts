/**
 * Milliseconds from an arbitrary start, for durations and deadlines: a
 * solve's time, a search's `--max-seconds`. In Node it reads process.hrtime,
 * since the first read of `performance` there loads Node's perf_hooks (about
 * 0.5 ms of every command); elsewhere (a browser, a Web Worker)
 * `performance.now()`. Compare only times read from this clock.
 */

const fromProcess = (): number => {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
};

export const now: () => number =
  typeof process === 'object' && typeof process.hrtime === 'function' ? fromProcess : () => performance.now();
