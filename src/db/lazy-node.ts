/**
 * Node's zlib and SHA-256 for the files yomi reads and writes (solution
 * files, books, tier directories), loaded at their first use
 * (`process.getBuiltinModule`), not when yomi starts: a command that reads
 * and writes no such file does not pay for loading crypto and zlib.
 */

export const zlib = () => process.getBuiltinModule('node:zlib');

/** The SHA-256 of `data`. */
export const sha256Digest = (data: string | Uint8Array): Buffer =>
  process.getBuiltinModule('node:crypto').createHash('sha256').update(data).digest();

/** The SHA-256 of `data`, in hex. */
export const sha256 = (data: string | Uint8Array): string => sha256Digest(data).toString('hex');
