/**
 * `yomi serve`: serves the built playground on the port asked for, prints
 * its address, answers 404 outside the playground's folder, and reports a
 * bad port as a user's mistake (exit code 2).
 */

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveDirectory, WEB_ROOT } from '../../src/cli/commands/serve.js';
import { ROOT } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { buildPlayground } from './browser.js';

beforeAll(async () => {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    await buildPlayground();
  }
}, 60_000);

describe('yomi serve', () => {
  it('prints the address and serves the page until stopped', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/yomi.js'), 'serve', '--port', '0'], { cwd: ROOT });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (d: Buffer) => resolve(d.toString()));
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const url = /http:\/\/localhost:\d+\//.exec(line)?.[0];
      expect(url).toBeDefined();
      const page = await fetch(url!);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toContain('<div id="app">');
      expect((await fetch(`${url}no-such-file.js`)).status).toBe(404);
    } finally {
      child.kill();
    }
  });

  it('never serves a file outside the playground', async () => {
    const serving = await serveDirectory(WEB_ROOT, 0);
    try {
      const res = await fetch(`${serving.url}..%2F..%2Fpackage.json`);
      expect([403, 404]).toContain(res.status);
    } finally {
      await serving.close();
    }
  });

  it('reports a bad port on one line with exit code 2', () => {
    const r = runCli(['serve', '--port', '99999']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/--port/);
  });

  it('says when the playground is not built', async () => {
    await expect(serveDirectory(join(ROOT, 'no-such-dir'), 0)).rejects.toThrow(/npm run build:web/);
  });
});
