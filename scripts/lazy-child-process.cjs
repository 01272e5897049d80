// node:child_process as the CLI's bundle sees it (esbuild --alias): each
// export is a getter that loads Node's module at its first use. commander
// requires child_process when it loads, for subcommands that are programs of
// their own, which yomi has none of; loading it cost every command about 2 ms.
const names = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork', 'ChildProcess'];
for (const name of names) {
  // biome-ignore lint/style/useNodejsImportProtocol: the alias takes node:child_process to this file, so Node's own module is named without the prefix.
  Object.defineProperty(exports, name, { enumerable: true, get: () => require('child_process')[name] });
}
