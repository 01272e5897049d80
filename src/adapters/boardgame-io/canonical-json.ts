/**
 * A canonical serialisation of plain data (what boardgame.io keeps in `G` and
 * `ctx`): JSON with every object's keys in sorted order, so that two states
 * that hold the same data give the same text however their objects were
 * built. `undefined` fields are left out, as JSON does.
 */

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    // undefined (and functions) inside arrays are written as JSON writes them there.
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  const fields: string[] = [];
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined || typeof v === 'function') continue;
    fields.push(`${JSON.stringify(k)}:${canonicalJson(v)}`);
  }
  return `{${fields.join(',')}}`;
}
