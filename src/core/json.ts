/**
 * Values as the command line's `--json` output writes them (the schema is
 * docs/json-output.schema.json): one shape for a solved value wherever it is
 * printed (`analyze`, `query`, `solve`), and one for a bound of a search that
 * ran out of budget. JSON has no infinity: an endless remoteness is `null`,
 * as is the margin of a bound that only knows the sign; a remoteness the
 * solver does not know (a search reading endgame databases of margins) is
 * left out. The server's JSON API
 * and the playground read and write values in the same shape.
 */

import type { Outcome } from './outcome.js';
import { formatBound } from './search.js';
import { formatValue, type Value } from './value.js';

export interface JsonValue {
  outcome: Outcome;
  /** Plies to the end with best play; null for endless play; absent when not known. */
  remoteness?: number | null;
  /** Scoring games: own − opponent's points from here on. */
  margin?: number;
  /** As people read it: `win in 5`, `tie in 9`, `draw`. */
  text: string;
  /** The value as the game's problem writes answers (e.g. a Connect Four score), when asked for. */
  answer?: string;
}

/** A proven bound on a value that a search did not pin down. */
export interface JsonBound {
  outcome: string;
  remoteness: number | null;
  /** Scoring games: the margin, or null when only its sign is known. */
  margin?: number | null;
  /** As people read it: `win`, `any loss`, `lose by 3`. */
  text: string;
  answer?: string;
}

const finite = (n: number): number | null => (Number.isFinite(n) ? n : null);

export function jsonValue(v: Value, answerOf?: (v: Value) => string): JsonValue {
  return {
    outcome: v.outcome,
    ...(Number.isNaN(v.remoteness) ? {} : { remoteness: finite(v.remoteness) }),
    ...(v.margin === undefined ? {} : { margin: v.margin }),
    text: formatValue(v),
    ...(answerOf === undefined ? {} : { answer: answerOf(v) }),
  };
}

export function jsonBound(v: Value, answerOf?: (v: Value) => string): JsonBound {
  return {
    outcome: v.outcome,
    remoteness: finite(v.remoteness),
    ...(v.margin === undefined ? {} : { margin: finite(v.margin) }),
    text: formatBound(v),
    ...(answerOf === undefined ? {} : { answer: answerOf(v) }),
  };
}

/** The value a `JsonValue` stands for (the inverse of `jsonValue`, the text and answer aside). */
export function valueFromJson(v: JsonValue): Value {
  return {
    outcome: v.outcome,
    remoteness: v.remoteness === undefined ? Number.NaN : (v.remoteness ?? Number.POSITIVE_INFINITY),
    ...(v.margin === undefined ? {} : { margin: v.margin }),
  };
}
