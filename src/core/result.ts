/**
 * The typed answer of a parser of data from outside (a file's header, a
 * manifest, a job's payload from a queue): the value, typed, or one line
 * saying what is wrong. A parser that returns a `Result` hands its caller a
 * value it has checked, so the caller never asserts a type it was not shown.
 */

/** A checked value, or why there is none. */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

/** A value that passed its checks. */
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** Why a value did not pass its checks. */
export const failed = <E = string>(error: E): { ok: false; error: E } => ({ ok: false, error });
