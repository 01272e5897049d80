/**
 * `npm run bench -- soak`: `yomi serve` under load on loopback. Starts the
 * real command (a child process, serving a tic-tac-toe solution file with
 * --db), sends 10,000 requests from 50 concurrent clients — valid ones (the
 * page, its script, the API) mixed with hostile ones (other methods, foreign
 * Host headers, malformed and traversing URLs, unknown games and positions) —
 * and reports crashes (the process must still answer and never exit), 5xx
 * replies, latency percentiles, and the server's resident memory before and
 * after. Bounded in count and time; stops by itself.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_ROOT } from '../src/cli/commands/serve.js';
import { type Random, seededRandom } from '../src/core/random.js';
import { saveSolution } from '../src/db/saved-solution.js';
import { openGame } from '../src/games/open.js';
import { solve } from '../src/solvers/index.js';
import { ensurePlayground } from '../test/web/browser.js';
import { type RawRequest, rawRequest } from '../test/web/raw-http.js';
import { ROOT } from './lib.js';

const REQUESTS = 10_000;
const CLIENTS = 50;
const DEADLINE_MS = 120_000;

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

function requestMix(port: number, script: string): (random: Random) => RawRequest & { valid: boolean } {
  const host = `localhost:${port}`;
  const valid: RawRequest[] = [
    { method: 'GET', target: '/', host },
    { method: 'GET', target: `/${script}`, host },
    { method: 'HEAD', target: '/', host },
    { method: 'GET', target: '/api/v1/games', host },
    { method: 'GET', target: '/api/v1/tic-tac-toe/positions/start', host },
    { method: 'GET', target: '/api/v1/tic-tac-toe/positions/x...o...x', host },
  ];
  const hostile: RawRequest[] = [
    { method: 'POST', target: '/', host },
    { method: 'DELETE', target: '/api/v1/games', host },
    { method: 'TRACE', target: '/', host },
    { method: 'GET', target: '/', host: 'evil.example' },
    { method: 'GET', target: '/' },
    { method: 'GET', target: '/%E0%A4%A', host },
    { method: 'GET', target: '/%', host },
    { method: 'GET', target: '/..%2F..%2Fpackage.json', host },
    { method: 'GET', target: '/../../../etc/passwd', host },
    { method: 'GET', target: `/api/v1/tic-tac-toe/positions/${'x'.repeat(5000)}`, host },
    { method: 'GET', target: '/api/v1/no-such-game/positions/start', host },
    { method: 'GET', target: '/api/v1/nim(heaps=99999999999)/positions/start', host },
    { method: 'GET', target: `/${'%zz'.repeat(2000)}`, host },
  ];
  return (random) => {
    const isValid = random.next() < 0.5;
    const list = isValid ? valid : hostile;
    return { ...list[random.below(list.length)], valid: isValid };
  };
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export default async function soak(): Promise<void> {
  await ensurePlayground();
  const script = readdirSync(join(WEB_ROOT, 'assets')).find((f) => f.endsWith('.js'));
  const folder = mkdtempSync(join(tmpdir(), 'yomi-soak-'));
  const opened = openGame('tic-tac-toe');
  saveSolution(
    join(folder, 'ttt.yomi'),
    { opened, dataset: 0 },
    solve(opened.games[0], { tableRequired: true }),
  );
  const child = spawn(process.execPath, [join(ROOT, 'bin/yomi.js'), 'serve', '--port', '0', '--db', folder], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /localhost:(\d+)\//.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`yomi serve exited with ${code}: ${out}`)));
    });
    // Warm up, then measure memory before the load.
    for (let i = 0; i < 20; i++)
      await rawRequest(port, { method: 'GET', target: '/', host: `localhost:${port}` });
    const before = rssMb(child.pid!);
    const next = requestMix(port, `assets/${script}`);
    const random = seededRandom(14);
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let failures = 0;
    let sent = 0;
    let valid = 0;
    let validOk = 0;
    const started = performance.now();
    const client = async () => {
      while (sent < REQUESTS && performance.now() - started < DEADLINE_MS) {
        sent++;
        const req = next(random);
        const t0 = performance.now();
        try {
          const r = await rawRequest(port, req);
          latencies.push(performance.now() - t0);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (req.valid) {
            valid++;
            if (r.status === 200) validOk++;
          }
        } catch {
          failures++;
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const seconds = (performance.now() - started) / 1000;
    const after = rssMb(child.pid!);
    const alive =
      (await rawRequest(port, { method: 'GET', target: '/', host: `localhost:${port}` })).status === 200;
    latencies.sort((a, b) => a - b);
    const fiveHundreds = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(
      `requests      ${latencies.length + failures} (${CLIENTS} concurrent clients, half hostile) in ${seconds.toFixed(1)} s`,
    );
    console.log(
      `statuses      ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, c]) => `${s}: ${c}`)
        .join(', ')}`,
    );
    console.log(`valid         ${validOk} of ${valid} answered 200`);
    console.log(
      `crashes       ${exited === undefined && alive ? 0 : 1} (process ${exited === undefined ? 'running' : `exited with ${exited}`}, answers after: ${alive})`,
    );
    console.log(`5xx replies   ${fiveHundreds}; failed connections ${failures}`);
    console.log(
      `latency       p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`,
    );
    console.log(`memory (RSS)  ${before.toFixed(1)} MB before, ${after.toFixed(1)} MB after`);
  } finally {
    child.kill();
    rmSync(folder, { recursive: true, force: true });
  }
}
