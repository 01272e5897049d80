#!/usr/bin/env node
// The yomi command: runs the compiled CLI (npm install builds it through the prepare script).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
