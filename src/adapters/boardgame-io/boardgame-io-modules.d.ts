// boardgame.io ships CommonJS builds under dist/cjs with their types elsewhere (dist/types): these
// declarations tell the compiler that the builds the adapter imports have those types.
declare module 'boardgame.io/dist/cjs/internal.js' {
  export * from 'boardgame.io/dist/types/packages/internal.js';
}
declare module 'boardgame.io/dist/cjs/ai.js' {
  export * from 'boardgame.io/dist/types/packages/ai.js';
}
