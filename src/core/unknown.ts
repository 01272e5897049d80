/**
 * Type guards for values whose type is not known yet: parsed JSON, a queue's
 * payload, a user's module, a thrown value. Each check narrows the value's
 * type, so the code after it reads fields without asserting their type.
 */

/** A non-null object that is not an array: its fields can be read and checked one by one. */
export const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** A safe integer. */
export const isInt = (x: unknown): x is number => Number.isSafeInteger(x);

/** A safe integer ≥ 0. */
export const isCount = (x: unknown): x is number => isInt(x) && x >= 0;

/** The `code` of a thrown system error (`ENOENT`, `ERR_BUFFER_TOO_LARGE`), if it has one. */
export function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string'
    ? e.code
    : undefined;
}

/** The message of a thrown error (a thrown value that is not an error: its text). */
export function errorMessage(e: unknown): string {
  return typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string'
    ? e.message
    : String(e);
}

/** What a failed system call says in one word when it can (`ENOENT`), else its message. */
export const errorReason = (e: unknown): string => errorCode(e) ?? errorMessage(e);
