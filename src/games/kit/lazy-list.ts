/**
 * A read-only list whose items are made when they are read: what a
 * definition's `load` returns when its input may hold millions of games (one
 * per line) and building them all before the first is solved would cost
 * gigabytes and the whole time budget. It is a real array to its readers
 * (length, indexing, `entries()`, `map`, spreading), backed by `make(i)`,
 * which runs each time item i is read (items are not kept).
 */

/** A list of `count` items, item i being `make(i)` each time it is read. */
export function lazyList<T>(count: number, make: (i: number) => T): T[] {
  const isIndex = (key: string | symbol): key is string =>
    typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key) && Number(key) < count;
  return new Proxy(new Array<T>(count), {
    get(target, key, receiver) {
      return isIndex(key) ? make(Number(key)) : Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return isIndex(key) || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      if (!isIndex(key)) return Reflect.getOwnPropertyDescriptor(target, key);
      return { value: make(Number(key)), writable: false, enumerable: true, configurable: true };
    },
    set: () => false,
    deleteProperty: () => false,
    defineProperty: () => false,
  });
}
