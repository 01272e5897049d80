/**
 * V8's helper threads run below the command's own thread
 * (host/helper-priority.ts): read from /proc while a real `yomi play` waits
 * for its first answer, every thread Node started before the command is
 * niced and the command's own is not; a worker started after runs at the
 * command's priority. Linux only (elsewhere the function changes nothing).
 */

import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELPER_NICENESS } from '../../src/host/helper-priority.js';
import { CHILD_LIMIT, ROOT } from '../helpers.js';

/** The nice value of each thread of process `pid`, by thread id (field 19 of its stat, after the name in brackets). */
function niceness(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const name of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${name}/stat`, 'utf8');
    out.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return out;
}

describe.runIf(process.platform === 'linux')('helper threads below the command', () => {
  it('a running yomi command keeps its own priority and nices the threads Node started for V8', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/yomi.js'), 'play', 'tic-tac-toe'], { cwd: ROOT });
    try {
      // The question is asked after main has started: the helpers are niced by then.
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', () => resolve());
        child.on('exit', () => reject(new Error('yomi play ended before asking')));
      });
      const threads = niceness(child.pid as number);
      expect(threads.get(child.pid as number)).toBe(0);
      const helpers = [...threads].filter(([tid]) => tid !== child.pid).map(([, nice]) => nice);
      // Node's platform: four workers and the thread that schedules their delayed tasks, at least.
      expect(helpers.filter((nice) => nice === HELPER_NICENESS).length).toBeGreaterThanOrEqual(5);
    } finally {
      child.kill();
    }
  });

  it('a thread started after, by the command, runs at its priority', () => {
    const script = `
      import { readdirSync, readFileSync } from 'node:fs';
      import { Worker } from 'node:worker_threads';
      import { lowerHelperPriority } from ${JSON.stringify(join(ROOT, 'dist/host/helper-priority.js'))};
      lowerHelperPriority();
      const nice = (tid) => { const s = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8'); return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[16]); };
      const worker = new Worker("process.getBuiltinModule('node:worker_threads').parentPort.postMessage(process.getBuiltinModule('node:fs').readlinkSync('/proc/thread-self'))", { eval: true });
      worker.on('message', (path) => {
        const workerThread = Number(path.split('/').pop());
        const others = readdirSync('/proc/self/task').map(Number).filter((t) => t !== process.pid && t !== workerThread);
        console.log(JSON.stringify({ main: nice(process.pid), worker: nice(workerThread), niced: others.filter((t) => nice(t) === ${HELPER_NICENESS}).length }));
        worker.terminate();
      });
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      ...CHILD_LIMIT,
    });
    expect(child.status, child.stderr).toBe(0);
    const seen = JSON.parse(child.stdout);
    expect({ main: seen.main, worker: seen.worker }).toEqual({ main: 0, worker: 0 });
    expect(seen.niced).toBeGreaterThanOrEqual(5);
  });
});
