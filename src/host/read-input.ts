/**
 * Reads a problem input — a file, a FIFO or standard input — with a cap on
 * its size, so that `/dev/zero` or `yes 1 | yomi …` is refused after the cap
 * instead of filling the memory (db/bounded-read.ts reads without trusting
 * the file). The bytes are decoded as UTF-8. Also: sizes as `--max-input`
 * takes them.
 */

import { YomiError } from '../core/errors.js';
import { openForReading, readUpTo } from '../db/bounded-read.js';

/** The default cap: the largest built-in problem input (a 2000×2000 grid) is about 4 MB. */
export const DEFAULT_MAX_INPUT = 16 * 2 ** 20;

/** A size for people: `16 MiB`, `1.5 KiB`, `300 bytes`. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 2 ** 30],
    ['MiB', 2 ** 20],
    ['KiB', 2 ** 10],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * The text of a problem input: the file at `path`, or standard input for `-`
 * or no path; more than `maxBytes` is refused after reading one byte more.
 */
export function readInputText(path: string | undefined, maxBytes = DEFAULT_MAX_INPUT): string {
  const file = openForReading(path);
  try {
    const bytes = readUpTo(file, maxBytes + 1);
    if (bytes.length > maxBytes) {
      throw new YomiError(
        `${file.name} holds more than ${formatBytes(maxBytes)}, the most an input may have; raise the limit with --max-input`,
      );
    }
    return new TextDecoder('utf-8').decode(bytes);
  } finally {
    file.close();
  }
}

/** A size given on the command line: bytes, or with a K, M or G suffix (powers of 1024). */
export function parseSize(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]i?b?|b)?$/i.exec(text.trim().replace(/_/g, ''));
  if (!m) return undefined;
  const unit = (m[2] ?? 'b')[0].toLowerCase();
  const scale = unit === 'k' ? 2 ** 10 : unit === 'm' ? 2 ** 20 : unit === 'g' ? 2 ** 30 : 1;
  const bytes = Math.floor(Number(m[1]) * scale);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}
