// Builds the playground (web/) into dist/web, where `yomi serve` finds it; relative URLs so any path serves it.
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [preact()],
  worker: { format: 'es' },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    reportCompressedSize: true,
    // Opening books are fetched by the worker as files of their own (the page's policy refuses data: URLs).
    assetsInlineLimit: (file) => (file.endsWith('.book') ? false : undefined),
  },
  logLevel: 'warn',
});
