/**
 * Which call into a user's code this thread is in, kept where another thread
 * can read it: a stuck call blocks the thread that made it, so only a watcher
 * on another thread (host/watchdog.ts) can say which call never returned.
 * The guard of a user's game (guarded-game.ts) and the loading of a module
 * (load.ts) write the slot around each call; the cost is two stores in a
 * typed array per call, for user modules only.
 */

/**
 * What the slot can name; 0 is "not in a user's code". Fixed, so a watcher
 * started before any game is loaded knows every name: the methods the guard
 * wraps, and the loading of a module.
 */
const CALLS: readonly string[] = [
  '',
  'loading the module',
  ...['canonical', 'children', 'endless', 'hash', 'indexOf', 'keepsTurn', 'key', 'marginBounds', 'maximizer'],
  ...['moveCount', 'moveName', 'moves', 'orderMoves', 'parentAt', 'parentCount', 'parents', 'parsePosition'],
  ...['play', 'pliesLeft', 'points', 'positionOf', 'primitive', 'show', 'showBoard', 'stopScore'],
].map((name, i) => (i < 2 ? name : `${name}()`));

/** The slot: the number of the call in progress on this thread (an index into the names). */
export const userCall = new Int32Array(new SharedArrayBuffer(4));

/** The number standing for a call (`moves()`, `loading the module`), asked once per wrapped method. */
export function userCallId(name: string): number {
  const id = CALLS.indexOf(name);
  if (id < 0) throw new Error(`no slot number for ${name}: add it to CALLS`);
  return id;
}

/** The names of the calls, by number, for a watcher on another thread. */
export const USER_CALLS = CALLS;

/** Runs `work` (a call into a user's code) with the slot naming it. */
export async function inUserCall<T>(name: string, work: () => Promise<T>): Promise<T> {
  const outer = userCall[0];
  userCall[0] = userCallId(name);
  try {
    return await work();
  } finally {
    userCall[0] = outer;
  }
}
