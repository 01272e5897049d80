/**
 * A solution file as a forger would write it: any header (as JSON, whatever
 * it is) and payload, with the fixed part and a checksum that matches, so
 * that tests reach the checks behind the checksum.
 */

import { createHash } from 'node:crypto';

export function forged(header: unknown, payload: Buffer): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const fixed = Buffer.alloc(16);
  fixed.write('YOMISOLN', 0, 'latin1');
  fixed.writeUInt32LE(2, 8);
  fixed.writeUInt32LE(json.length, 12);
  const body = Buffer.concat([fixed, json, payload]);
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}
