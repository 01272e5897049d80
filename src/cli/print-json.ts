/**
 * What a command prints for `--json`: two-space indented, one value (the
 * shapes of values are core/json.ts's, described by
 * docs/json-output.schema.json).
 */

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
