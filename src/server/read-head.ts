/**
 * The first bytes of a file as text, read without loading the whole file:
 * enough to recognise a file's format by its magic bytes. Node-only (files).
 */

import { closeSync, openSync, readSync } from 'node:fs';

export function readFileHead(path: string, bytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const n = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, n).toString('latin1');
  } finally {
    closeSync(fd);
  }
}
