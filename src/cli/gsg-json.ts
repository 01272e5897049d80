/**
 * Generalized Sprague–Grundy values as the command line's `--json` writes
 * them (docs/json-output.schema.json, `gsgValue`): the text people read
 * (`0`, `*`, `*2`, `∞`, `∞(0,2)`), the nimber (null for ∞), and for ∞ the
 * nimbers among the position's options.
 */

import { formatGsg, type GsgValue } from '../solvers/gsg.js';

export interface JsonGsg {
  text: string;
  /** The nimber; null for ∞. */
  nimber: number | null;
  /** ∞ only: K, the nimbers of the options, increasing. */
  options?: number[];
}

export function jsonGsg(v: GsgValue): JsonGsg {
  return v.kind === 'nimber'
    ? { text: formatGsg(v), nimber: v.nimber }
    : { text: formatGsg(v), nimber: null, options: [...v.options] };
}
