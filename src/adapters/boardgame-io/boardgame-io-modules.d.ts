// boardgame.io ships CommonJS builds under dist/cjs and their types apart (dist/types): runtime.ts
// imports the builds untyped and gives them those types.
declare module 'boardgame.io/dist/cjs/internal.js';
declare module 'boardgame.io/dist/cjs/ai.js';
