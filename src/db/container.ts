/**
 * The container of yomi's opening books: magic, format version, a JSON
 * header, a zlib-compressed payload and a SHA-256 of everything before it.
 * (Solution files have a block format of their own, solution-file.ts; a
 * book is read whole, so one payload and one checksum suffice.) Layout
 * (integers little-endian):
 *
 *   0    8 bytes   magic "YOMIBOOK"
 *   8    u32       format version (1)
 *   12   u32       h, the length of the header
 *   16   h bytes   header, JSON (UTF-8), with at least payloadBytes (the
 *                  compressed payload's length) and valueBytes (its length
 *                  once inflated)
 *   16+h           payload, zlib-compressed
 *   end−32         SHA-256 of everything before it
 *
 * This module only lays bytes out and checks them (magic, version, lengths:
 * truncation): it needs no Node API, so a browser can read a file's bytes
 * with `readContainer` (Web Crypto and the Compression Streams API). Node's
 * own reading and writing (zlib, crypto, files) is in book-file.ts.
 */

import { YomiError } from '../core/errors.js';

export const MAGIC = 'YOMIBOOK';
export const FORMAT_VERSION = 1;
export const CHECKSUM_BYTES = 32;
const FIXED_BYTES = 16;
/** A payload inflating to more than this is not one of ours (a book is at most tens of MB). */
const MAX_VALUE_BYTES = 1 << 30;

/** What every header holds: the payload's sizes. */
export interface ContainerHeader {
  /** Bytes of the payload once inflated. */
  valueBytes: number;
  /** Bytes of the compressed payload. */
  payloadBytes: number;
}

export interface ContainerParts<H extends ContainerHeader> {
  header: H;
  /** Everything the checksum covers. */
  body: Uint8Array;
  compressed: Uint8Array;
  checksum: Uint8Array;
}

/** The bytes before the checksum: fixed part, header (payloadBytes filled in), compressed payload. */
export function containerBody(header: object, valueBytes: number, compressed: Uint8Array): Uint8Array {
  const json = new TextEncoder().encode(
    JSON.stringify({ ...header, valueBytes, payloadBytes: compressed.length }),
  );
  const body = new Uint8Array(FIXED_BYTES + json.length + compressed.length);
  const view = new DataView(body.buffer);
  for (let i = 0; i < MAGIC.length; i++) body[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, FORMAT_VERSION, true);
  view.setUint32(12, json.length, true);
  body.set(json, FIXED_BYTES);
  body.set(compressed, FIXED_BYTES + json.length);
  return body;
}

/** Splits a file's bytes into its parts, refusing (one line naming `name`) what is not a whole container. */
export function splitContainer<H extends ContainerHeader>(
  bytes: Uint8Array,
  name: string,
): ContainerParts<H> {
  const refuse = (why: string): never => {
    throw new YomiError(`${name}: ${why}`);
  };
  const text = (from: number, to: number) => new TextDecoder('latin1').decode(bytes.subarray(from, to));
  if (bytes.length < FIXED_BYTES || text(0, 8) !== MAGIC) {
    refuse(
      bytes.length < 8
        ? 'not a yomi opening book (too short)'
        : 'not a yomi opening book (no YOMIBOOK magic)',
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== FORMAT_VERSION) {
    refuse(`opening book format version ${version}; this yomi reads version ${FORMAT_VERSION}`);
  }
  const headerBytes = view.getUint32(12, true);
  if (FIXED_BYTES + headerBytes + CHECKSUM_BYTES > bytes.length) {
    refuse(
      `truncated: the header alone needs ${FIXED_BYTES + headerBytes + CHECKSUM_BYTES} bytes, the file has ${bytes.length}`,
    );
  }
  let header: H;
  try {
    header = JSON.parse(
      new TextDecoder().decode(bytes.subarray(FIXED_BYTES, FIXED_BYTES + headerBytes)),
    ) as H;
  } catch {
    return refuse('corrupt: the header is not valid JSON');
  }
  const expected = FIXED_BYTES + headerBytes + Number(header.payloadBytes) + CHECKSUM_BYTES;
  if (!Number.isSafeInteger(expected)) refuse('corrupt: the header has no valid payload size');
  const inflated = Number(header.valueBytes);
  if (!Number.isSafeInteger(inflated) || inflated < 0 || inflated > MAX_VALUE_BYTES) {
    refuse('corrupt: the header has no valid size of the inflated payload');
  }
  if (bytes.length < expected) refuse(`truncated: ${bytes.length} bytes, the header promises ${expected}`);
  if (bytes.length > expected) refuse(`corrupt: ${bytes.length - expected} bytes after the end of the book`);
  const body = bytes.subarray(0, expected - CHECKSUM_BYTES);
  return {
    header,
    body,
    compressed: body.subarray(FIXED_BYTES + headerBytes),
    checksum: bytes.subarray(expected - CHECKSUM_BYTES),
  };
}

/** Refuses a payload whose inflated size is not the header's. */
export function checkInflated(raw: Uint8Array, header: ContainerHeader, name: string): void {
  if (raw.length !== header.valueBytes) {
    throw new YomiError(
      `${name}: corrupt: ${raw.length} bytes of payload, the header promises ${header.valueBytes}`,
    );
  }
}

/**
 * Reads a container from its bytes with the web platform's own SHA-256 and
 * zlib (Web Crypto, DecompressionStream): for browsers (and any runtime that
 * has them); checks everything `splitContainer` checks, and the checksum.
 */
export async function readContainer<H extends ContainerHeader>(
  bytes: Uint8Array,
  name: string,
): Promise<{ header: H; raw: Uint8Array }> {
  // Copies the file into an ArrayBuffer of its own (what the web APIs take).
  const parts = splitContainer<H>(new Uint8Array(bytes), name);
  const body = new Uint8Array(parts.body);
  const sum = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  if (sum.some((b, i) => b !== parts.checksum[i])) {
    throw new YomiError(`${name}: corrupt: the checksum does not match`);
  }
  const compressed = new Uint8Array(parts.compressed);
  const inflated = new Response(
    new Blob([compressed]).stream().pipeThrough(new DecompressionStream('deflate')),
  );
  const raw = new Uint8Array(await inflated.arrayBuffer());
  checkInflated(raw, parts.header, name);
  return { header: parts.header, raw };
}
