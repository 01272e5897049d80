/**
 * The built playground's files (dist/web), read from one folder: a path
 * outside it is a 404, a folder serves its index.html. Node-only (files).
 */

import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

export interface StaticFile {
  body: Buffer;
  type: string;
}

/** The file at a decoded URL path under `root`, or undefined when there is none (or it is outside). */
export async function staticFile(root: string, path: string): Promise<StaticFile | undefined> {
  const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
  if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    return { body: await readFile(file), type: TYPES[extname(file)] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}
