#!/usr/bin/env node
// The yomi command. `npm run build` (run by npm install through the prepare
// script) compiles the CLI with tsc and then bundles it into one file, which
// starts faster than loading its modules one by one. The compiled modules
// are used when the bundle is missing or older than them.
import { statSync } from 'node:fs';

const bundle = new URL('../dist/cli/bundle/main.js', import.meta.url);
const modules = new URL('../dist/cli/main.js', import.meta.url);
const modified = (url) => statSync(url, { throwIfNoEntry: false })?.mtimeMs ?? -1;
const { main } = await import((modified(bundle) >= modified(modules) ? bundle : modules).href);

process.exitCode = await main(process.argv.slice(2));
