/**
 * Ends the process at once, with an exit code, without hanging in Node's own
 * exit.
 *
 * A command exits as soon as its output is written, not after every
 * compilation V8 has queued on its helper threads. But Node's exit waits for
 * the helper threads, and one of them may be compiling code that needs the
 * heap collected first: it waits for this thread to collect it, which, inside
 * the exit, it never does, and the process hangs with its answer printed
 * (Node issue 54918: the main thread joins the helpers in
 * `NodePlatform::Shutdown` while a compile job waits in
 * `CollectionBarrier::AwaitCollectionBackground`). Ending the process
 * naturally waits for them the same way. Measured here: 33 of 1,200
 * `yomi solve tic-tac-toe --solver alphabeta` hung, three at a time on two
 * cores; with the helpers at their normal priority, 13 of 1,200.
 *
 * So the heap is collected in full just before the exit: a request already
 * waiting is answered, and with the room the collection leaves, a compile job
 * under way needs no other. With it, 0 of 900 hung, at about 4 ms for a small
 * command. The collection is asked for with V8's natives syntax, which a
 * running program can switch on; where that fails, the process exits as it
 * would have.
 */

/** Collects the heap in full, then exits with `code` (the process's exitCode when none is given). */
export function exitProcess(code?: number): never {
  try {
    process.getBuiltinModule('node:v8').setFlagsFromString('--allow-natives-syntax');
    new Function('%CollectGarbage(0)')();
  } catch {
    // A V8 without this runtime function: exit as Node does.
  }
  // Without an argument: process.exit(undefined) would set the exit code to undefined, which exits with 0.
  return code === undefined ? process.exit() : process.exit(code);
}
