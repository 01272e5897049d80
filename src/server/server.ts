/**
 * The HTTP server of `yomi serve`: the built playground's files and, when
 * solution files are served, the JSON API (api.ts), and databases built on
 * request (builds.ts) — behind the request guard (request-guard.ts). A handler never throws out: anything unexpected is a 500
 * for that request, and the server goes on. Node-only (http).
 */

import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { DatabaseOffer } from '../core/builds.js';
import { YomiError } from '../core/errors.js';
import { API_PREFIX, apiReply, buildReply } from './api.js';
import { Builds } from './builds.js';
import { DEFAULT_LIMITS, type SearchLimits } from './endgame-source.js';
import { combineSources, type PositionSource, type ServedGame } from './position-source.js';
import { allowedHosts, checkRequest, SECURITY_HEADERS } from './request-guard.js';
import { staticFile } from './static-files.js';

/** The port asked for is taken by another program. */
export class PortInUse extends YomiError {
  override name = 'PortInUse';
}

export interface ServeOptions {
  /** The built playground (its index.html must exist). */
  root: string;
  /** 0: any free port. */
  port: number;
  host?: string;
  /** Solved positions answered under /api/v1/ (none: the API lists no games). */
  sources?: readonly PositionSource[];
  /** Databases built when a player asks, in `dir` (builds.ts); none without. */
  builds?: { dir: string; offers: readonly DatabaseOffer[]; limits?: SearchLimits };
}

export interface Serving {
  server: Server;
  url: string;
  port: number;
  /** The games served now (those of the sources, and databases built so far). */
  games(): readonly ServedGame[];
  close(): Promise<void>;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': type,
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-cache',
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const TEXT = 'text/plain; charset=utf-8';

/** Starts serving; rejects with a YomiError when the playground is not built or the port is taken. */
export async function startServer(options: ServeOptions): Promise<Serving> {
  const { root, port } = options;
  const host = options.host ?? '127.0.0.1';
  if (!existsSync(join(root, 'index.html'))) {
    throw new YomiError(
      `the playground is not built (no ${join(root, 'index.html')}); run 'npm run build:web'`,
    );
  }
  const sources = [...(options.sources ?? [])];
  const source = combineSources(sources);
  const builds =
    options.builds &&
    new Builds(
      options.builds.dir,
      options.builds.offers,
      (s) => sources.push(s),
      options.builds.limits ?? DEFAULT_LIMITS,
    );
  await builds?.openBuilt();
  let hosts = new Set<string>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const checked = checkRequest(req.method, req.url, req.headers.host, hosts, req.headers['x-yomi-build']);
    if (!checked.ok) {
      send(
        req,
        res,
        checked.status,
        TEXT,
        `${checked.reason}\n`,
        checked.status === 405 ? { allow: 'GET, HEAD' } : {},
      );
      return;
    }
    if (checked.path.startsWith(API_PREFIX)) {
      const reply = checked.post
        ? buildReply(builds, checked.path)
        : await apiReply(source, checked.path, builds);
      send(req, res, reply.status, 'application/json; charset=utf-8', JSON.stringify(reply.body));
      return;
    }
    const file = await staticFile(root, checked.path);
    if (file) send(req, res, 200, file.type, file.body);
    else send(req, res, 404, TEXT, 'not found\n');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(req, res, 500, TEXT, 'internal error\n');
      else res.destroy();
    });
  });
  // A request Node cannot parse (a bad request line, headers too large): answer 400 and close.
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE' ? new PortInUse(`port ${port} is in use; choose another with --port`) : e,
      ),
    );
    server.listen(port, host, () => {
      const address = server.address();
      // A server listening on a port (not a pipe) is bound to an address and port.
      const bound = typeof address === 'object' && address !== null ? address.port : port;
      hosts = allowedHosts(host, bound);
      const name = host === '127.0.0.1' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
      resolve({
        server,
        url: `http://${name}:${bound}/`,
        port: bound,
        games: () => source.games,
        close: async () => {
          await builds?.close();
          await source.close?.();
          await new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          });
        },
      });
    });
  });
}
