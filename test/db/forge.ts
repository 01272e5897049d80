/**
 * A solution file as a forger would write it: any header (as JSON, whatever
 * it is) and blocks, with the header's checksum and the blocks' (when the
 * header lists them through `oneBlockEach`) matching, so that tests reach the
 * checks behind the checksums.
 */

import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { SectionLayout } from '../../src/db/solution-file.js';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The bytes of a file with this header and these blocks after it. */
export function forged(header: unknown, blocks: Buffer[]): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const fixed = Buffer.alloc(48);
  fixed.write('YOMISOLN', 0, 'latin1');
  fixed.writeUInt32LE(2, 8);
  fixed.writeUInt32LE(json.length, 12);
  createHash('sha256').update(json).digest().copy(fixed, 16);
  return Buffer.concat([fixed, json, ...blocks]);
}

/** Sections of one block each: `raw` deflated, or the given compressed blocks standing for `raw` sizes. */
export function oneBlockEach(
  raw: Buffer[],
  packed: Buffer[] = raw.map((r) => deflateSync(r)),
): { blockBytes: number; sections: SectionLayout[]; blocks: Buffer[] } {
  return {
    blockBytes: 1 << 20,
    sections: raw.map((r, i) => ({
      bytes: r.length,
      blocks: [{ bytes: packed[i].length, sha256: sha(packed[i]) }],
    })),
    blocks: packed,
  };
}
