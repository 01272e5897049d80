/**
 * Compiles the WebAssembly kernels (kernels/*.ts, AssemblyScript) into
 * TypeScript modules that hold them in base64, so that one import serves
 * Node, the CLI bundle and the browser alike: kernels/connect4-search.ts →
 * src/games/connect4/kernel-wasm.ts (not kept in git; made again when the
 * kernel or this script is newer). Each kernel is compiled twice: for a
 * memory of one thread, and for a shared memory (threads).
 */

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const kernels = [{ source: 'kernels/connect4-search.ts', out: 'src/games/connect4/kernel-wasm.ts' }];
const FLAGS = [
  '-O3',
  '--runtime',
  'stub',
  '--noAssert',
  '--importMemory',
  '--noExportMemory',
  '--initialMemory',
  '1',
  '--maximumMemory',
  '65536',
];

const mtime = (path) => {
  try {
    return statSync(join(root, path)).mtimeMs;
  } catch {
    return -1;
  }
};

async function compile(source, shared) {
  let binary;
  const stderr = [];
  const { error } = await asc.main(
    [source, ...FLAGS, '--enable', 'threads', ...(shared ? ['--sharedMemory'] : []), '-o', 'out.wasm'],
    {
      readFile: (name, base) => {
        try {
          return readFileSync(join(base, name), 'utf8');
        } catch {
          return null;
        }
      },
      writeFile: (name, contents) => {
        if (name.endsWith('.wasm')) binary = contents;
      },
      listFiles: () => [],
      stderr: { write: (s) => stderr.push(String(s)) },
      stdout: { write: () => {} },
    },
  );
  if (error) throw new Error(`${source}: ${error.message}\n${stderr.join('')}`);
  return Buffer.from(binary).toString('base64');
}

const script = mtime('scripts/build-kernels.mjs');
for (const { source, out } of kernels) {
  if (mtime(out) > Math.max(mtime(source), script)) continue;
  const [plain, shared] = [await compile(source, false), await compile(source, true)];
  writeFileSync(
    join(root, out),
    `// Made by scripts/build-kernels.mjs from ${source}: do not edit.\n\n` +
      `/** The kernel in WebAssembly (base64): for a memory of one thread, and for a shared memory. */\n` +
      `export const KERNEL_WASM = {\n  plain: '${plain}',\n  shared: '${shared}',\n};\n`,
  );
}
