/**
 * A structural fingerprint of a value: the same text for structurally equal
 * values (numbers, strings, bigints, arrays, typed arrays, Maps, Sets, plain
 * and class objects by their own fields). `yomi check` uses it to tell whether
 * two positions are equal (to test `key`) and whether `play` changed its input.
 */

export function snapshot(value: unknown): string {
  const parts: string[] = [];
  write(value, parts, new Set());
  return parts.join('');
}

/** A typed array (`Int32Array`, `BigUint64Array`, …): a view of a buffer that is not a DataView. */
const isTypedArray = (x: object): x is ArrayLike<number | bigint> =>
  ArrayBuffer.isView(x) && !(x instanceof DataView);

function write(v: unknown, out: string[], open: Set<object>): void {
  switch (typeof v) {
    case 'string':
      out.push(JSON.stringify(v));
      return;
    case 'number':
      out.push(Object.is(v, -0) ? '-0' : String(v));
      return;
    case 'bigint':
      out.push(`${v}n`);
      return;
    case 'boolean':
    case 'undefined':
      out.push(String(v));
      return;
    case 'symbol':
    case 'function':
      out.push(`<${typeof v}>`);
      return;
  }
  if (typeof v !== 'object' || v === null) {
    out.push(String(v));
    return;
  }
  const obj = v;
  if (open.has(obj)) {
    out.push('<cycle>');
    return;
  }
  open.add(obj);
  if (isTypedArray(obj)) {
    out.push(`${obj.constructor.name}[${Array.from(obj).join(',')}]`);
  } else if (Array.isArray(obj)) {
    out.push('[');
    obj.forEach((x, i) => {
      if (i > 0) out.push(',');
      write(x, out, open);
    });
    out.push(']');
  } else if (obj instanceof Map) {
    out.push('Map{');
    let first = true;
    for (const [k, x] of obj) {
      if (!first) out.push(',');
      first = false;
      write(k, out, open);
      out.push('=>');
      write(x, out, open);
    }
    out.push('}');
  } else if (obj instanceof Set) {
    out.push('Set{');
    let first = true;
    for (const x of obj) {
      if (!first) out.push(',');
      first = false;
      write(x, out, open);
    }
    out.push('}');
  } else {
    out.push('{');
    Object.keys(obj)
      .sort()
      .forEach((k, i) => {
        out.push(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`);
        write(Reflect.get(obj, k), out, open);
      });
    out.push('}');
  }
  open.delete(obj);
}
