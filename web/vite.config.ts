// Builds the playground (web/) into dist/web, where `yomi serve` finds it; relative URLs so any path serves it.
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [preact()],
  worker: { format: 'es' },
  build: { outDir: '../dist/web', emptyOutDir: true, reportCompressedSize: true },
  logLevel: 'warn',
});
