#!/usr/bin/env node
// The yomi command. `npm run build` (in a checkout; `npm pack` runs it before
// packing) compiles the CLI with tsc and then bundles it into one CommonJS file,
// which starts faster than the compiled modules: Node's ES module loader
// resolves, reads and links each file, and on Node 20 only a script (not an
// ES module) can keep V8's compiled code in a code cache. The bundle requires
// Node's own modules where they are used, so a command loads only what it
// needs. It is built as one function of a CommonJS module's parameters,
// `(function (exports, require, module, __filename, __dirname) {...})`, all
// ASCII, so its text is compiled as it is read, without a copy (1.3 ms less
// than wrapping it here). Its code cache sits next to it, named by the
// bundle's size and time (a rebuilt bundle never meets an old cache); a run
// that found none, or one V8 rejected (another Node version), writes it. The
// compiled modules are used when the bundle is missing or older than them.
// This file is CommonJS too (bin/package.json): starting Node's ES module
// loader alone costs about 9 ms.
const { readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const vm = require('node:vm');

const bundle = join(__dirname, '../dist/cli/bundle/main.cjs');
const modules = join(__dirname, '../dist/cli/main.js');
const stat = (path) => statSync(path, { throwIfNoEntry: false });

async function run() {
  if (!stat(modules)) {
    // A checkout after `npm install` alone: nothing is compiled yet.
    process.stderr.write(`yomi: not built yet: run npm run build in ${join(__dirname, '..')}\n`);
    process.exitCode = 2;
    return;
  }
  const built = stat(bundle);
  const cached = built && built.mtimeMs >= (stat(modules)?.mtimeMs ?? -1) ? loadBundle(built) : undefined;
  const { main, exitProcess } = cached?.exports ?? (await import(pathToFileURL(modules).href));
  process.exitCode = await main(process.argv.slice(2));
  cached?.saveCache();
  // At once when the output is written: Node would otherwise first wait for
  // every compilation V8 queued on other threads, of code that will not run
  // again (5 ms of a small solve; an exit waits only for one under way), and
  // it may wait for ever (src/host/process-exit.ts says why, and how
  // exitProcess avoids it). Nothing runs after a command's end, but a write
  // to a pipe may still be on its way (a reader slower than yomi): it is
  // waited for first. A reader that has gone ends the process on its own
  // (the CLI's EPIPE handler).
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.writableLength > 0) await new Promise((resolve) => stream.once('drain', resolve));
  }
  exitProcess();
}

/**
 * The bundle's exports, compiled with its code cache, and how to save the
 * cache when it was missing or rejected. (The bundle uses require, never
 * import(): a script run this way has no loader for import().)
 */
function loadBundle(built) {
  const cacheFile = `${bundle}.${built.size}-${Math.round(built.mtimeMs)}.cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The bundle is built as one function of a module's parameters, all ASCII:
  // read a byte a character and compiled as it is, without a copy.
  const source = readFileSync(bundle, 'latin1');
  const script = new vm.Script(source, { filename: bundle, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return {
    exports: module.exports,
    saveCache() {
      if (cachedData !== undefined && !script.cachedDataRejected) return;
      // After the run, so the cache holds every function this command compiled; a write that fails costs nothing.
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        rmSync(temporary, { force: true }); // a read-only installation: the bundle runs without a cache
      }
    },
  };
}

run();
