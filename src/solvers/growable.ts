/**
 * Typed arrays that double when full: value storage for solvers that discover
 * positions as they go (memoized negamax, explore), without a JS array of
 * boxed numbers.
 */

type TypedArray = Int32Array | Uint8Array | Float64Array;
type TypedArrayConstructor<T extends TypedArray> = new (length: number) => T;

export class Growable<T extends TypedArray> {
  data: T;
  length = 0;

  constructor(
    private readonly make: TypedArrayConstructor<T>,
    capacity = 1024,
  ) {
    this.data = new make(capacity);
  }

  /** Makes room for index `i` (and everything below it). */
  ensure(i: number): void {
    if (i < this.data.length) return;
    let capacity = this.data.length * 2;
    while (capacity <= i) capacity *= 2;
    const bigger = new this.make(capacity);
    bigger.set(this.data as never);
    this.data = bigger;
  }

  push(v: number): number {
    this.ensure(this.length);
    this.data[this.length] = v;
    return this.length++;
  }

  /** A copy trimmed to the used length. */
  trimmed(): T {
    return this.data.slice(0, this.length) as T;
  }
}
