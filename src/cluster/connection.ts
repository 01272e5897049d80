/**
 * How the coordinator and the workers reach Redis. A process first probes the
 * address once, without retrying, so that a wrong or unreachable address
 * ends the command at once with one line (ioredis would otherwise retry for
 * ever). After that, BullMQ's own connections retry for ever, a few seconds
 * apart at most: a worker or a coordinator rides out a Redis restart and
 * carries on where it was. Every message that comes from a connection is
 * redacted (queue-url.ts) before it is printed.
 */

import type { RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { YomiError } from '../core/errors.js';
import { errorMessage } from '../core/unknown.js';
import { type QueueAddress, redact } from './queue-url.js';

/** The ioredis options BullMQ connects with: commands wait through an outage, reconnecting every ≤ 2 s. */
export function connectionOptions(address: QueueAddress): RedisOptions {
  return {
    host: address.host,
    port: address.port,
    db: address.db,
    username: address.username,
    password: address.password,
    ...(address.tls ? { tls: {} } : {}),
    connectTimeout: 5000,
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
  };
}

/** Connects once, without retrying, and checks that Redis answers; one line naming the address if not. */
export async function probeRedis(address: QueueAddress): Promise<void> {
  const client = new Redis({
    ...connectionOptions(address),
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
  });
  let lastError: Error | undefined;
  client.on('error', (e: Error) => {
    lastError = e;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    // The socket's error (ECONNREFUSED, …) says more than the rejection ("Connection is closed").
    const why = lastError?.message || errorMessage(e);
    throw new YomiError(`cannot reach Redis at ${address.shown}: ${redact(why, address)}`);
  } finally {
    client.disconnect();
  }
}

/**
 * A printer of connection troubles: each message once (redacted), however
 * often ioredis repeats it while it reconnects (which it does by itself).
 */
export function troubleReporter(
  address: QueueAddress,
  print: (line: string) => void,
): { report(e: unknown): void } {
  let last: string | undefined;
  return {
    report(e) {
      const message = redact(e instanceof Error ? e.message : String(e), address);
      if (message === last) return;
      last = message;
      print(`Redis at ${address.shown}: ${message}`);
    },
  };
}
