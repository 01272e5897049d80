/**
 * The `--queue` address: a Redis URL, `redis://[user:password@]host[:port][/db]`
 * (`rediss://` for TLS), read into the connection options BullMQ passes to
 * ioredis. The URL may carry a password, so it is never printed as given:
 * `shown` is the address with the password replaced, and `redact` takes the
 * password out of any message (an error from ioredis or BullMQ) before it is
 * printed or stored.
 */

import { YomiError } from '../core/errors.js';

export interface QueueAddress {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The address as it may be printed: `redis://:***@host:6379/0`. */
  shown: string;
}

const USAGE = 'expected redis://[user:password@]host[:port][/db], e.g. redis://127.0.0.1:6379';

/** Reads a queue URL; a malformed one is refused without repeating it (it may hold a password). */
export function parseQueueUrl(text: string): QueueAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new YomiError(`--queue is not a Redis URL (${USAGE})`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new YomiError(`--queue is a ${url.protocol.replace(/:$/, '')} URL, not a Redis URL (${USAGE})`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new YomiError(`--queue names no host (${USAGE})`);
  const port = url.port === '' ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, '');
  const db = path === '' ? 0 : Number(path);
  if (!/^\d*$/.test(path) || !Number.isSafeInteger(db)) {
    throw new YomiError(`--queue: the path of a Redis URL is a database number such as /0 or /1 (${USAGE})`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new YomiError(`--queue: a Redis URL takes no query or fragment (${USAGE})`);
  }
  const decoded = (text: string, what: string): string | undefined => {
    if (text === '') return undefined;
    try {
      return decodeURIComponent(text);
    } catch {
      // Not shown: it may be the password.
      throw new YomiError(`--queue: the ${what} of the Redis URL is not valid percent-encoding (${USAGE})`);
    }
  };
  const username = decoded(url.username, 'user name');
  const password = decoded(url.password, 'password');
  const auth = username || password ? `${username ?? ''}${password ? ':***' : ''}@` : '';
  return {
    host,
    port,
    db,
    username,
    password,
    tls: url.protocol === 'rediss:',
    shown: `${url.protocol}//${auth}${url.host}/${db}`,
  };
}

/** `text` with the address's password (as written and as encoded in a URL) replaced by `***`. */
export function redact(text: string, address: QueueAddress): string {
  const secret = address.password;
  if (secret === undefined || secret === '') return text;
  let out = text;
  for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('***');
  return out;
}
