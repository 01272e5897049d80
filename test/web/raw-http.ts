/**
 * One HTTP/1.1 request written byte for byte on a socket — any method, any
 * request target, any Host header, even ones `fetch` refuses to send — and
 * the status of the reply. Used by the server's fuzz test and by the soak
 * benchmark (`npm run bench -- soak`) to send hostile requests to
 * `yomi serve` on loopback.
 */

import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  target: string;
  /** undefined: no Host header at all. */
  host?: string;
}

export interface RawReply {
  /** 0 when the server closed the connection without a status line. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function rawRequest(port: number, req: RawRequest, timeoutMs = 10_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no reply in ${timeoutMs} ms to ${req.method} ${req.target}`));
    });
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseReply(Buffer.concat(chunks).toString('latin1'))));
    const host = req.host === undefined ? '' : `Host: ${req.host}\r\n`;
    // Written, not ended: a half-closed socket may be dropped before a slow reply.
    socket.write(`${req.method} ${req.target} HTTP/1.1\r\n${host}Connection: close\r\n\r\n`, 'latin1');
  });
}

function parseReply(text: string): RawReply {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!status) return { status: 0, headers: {}, body: '' };
  const split = text.indexOf('\r\n\r\n');
  const head = text
    .slice(0, split < 0 ? text.length : split)
    .split('\r\n')
    .slice(1);
  const headers = Object.fromEntries(
    head.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(status[1]), headers, body: split < 0 ? '' : text.slice(split + 4) };
}
