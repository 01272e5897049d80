/**
 * `yomi serve [--port]`: serves the built playground (dist/web, made by
 * `npm run build:web`) on localhost with Node's http module and prints its
 * address. Only files under that folder are served; anything else is a 404.
 */

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Command, InvalidArgumentError } from 'commander';
import { YomiError } from '../../core/errors.js';

/** dist/web, from both dist/cli/commands and src/cli/commands. */
export const WEB_ROOT = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

export interface Serving {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** Serves `root` on `host:port` (port 0: any free port). */
export async function serveDirectory(root: string, port: number, host = '127.0.0.1'): Promise<Serving> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new YomiError(
      `the playground is not built (no ${join(root, 'index.html')}); run 'npm run build:web'`,
    );
  }
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE' ? new YomiError(`port ${port} is in use; choose another with --port`) : e,
      ),
    );
    server.listen(port, host, () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${bound}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

function portNumber(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port 0 … 65535');
  return n;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the web playground on localhost and print its address')
    .option('--port <n>', 'port to listen on (0: any free port)', portNumber, 8080)
    .action(async (flags: { port: number }) => {
      const { url } = await serveDirectory(WEB_ROOT, flags.port);
      process.stdout.write(`yomi playground: ${url}\n(press Ctrl+C to stop)\n`);
    });
}
