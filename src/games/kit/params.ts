/**
 * Game ids with parameters, OpenSpiel style: `connect4(width=5,height=4)`,
 * `nim(heaps=3 4 5)`. One parser and one validator for every game, so every
 * game reports a bad parameter the same way.
 */

import { YomiError } from '../../core/errors.js';
import type { GameDefinition, ParamSpec, Params, ParamValue } from './definition.js';

export interface GameSpec {
  id: string;
  /** The parameters as written, not yet validated. */
  given: Record<string, string>;
}

const ID = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\((.*)\))?$/s;

export function parseGameSpec(text: string): GameSpec {
  const match = ID.exec(text.trim());
  if (!match) throw new YomiError(`'${text}' is not a game id; write it as name or name(key=value,...)`);
  return { id: match[1], given: parseParamList(match[2], text) };
}

/**
 * The parameters written between the parentheses of `text` (`key=value,…`),
 * not yet validated; errors quote `text`.
 */
export function parseParamList(list: string | undefined, text: string): Record<string, string> {
  // No prototype: a parameter named __proto__ or constructor is an unknown parameter like any other.
  const given: Record<string, string> = Object.create(null);
  const inner = list?.trim();
  if (inner) {
    for (const part of inner.split(',')) {
      const eq = part.indexOf('=');
      const key = part.slice(0, eq).trim();
      if (eq < 0 || key === '') {
        throw new YomiError(`'${text}': parameter '${part.trim()}' is not of the form key=value`);
      }
      if (Object.hasOwn(given, key)) throw new YomiError(`'${text}': parameter '${key}' is given twice`);
      given[key] = part.slice(eq + 1).trim();
    }
  }
  return given;
}

export function resolveParams(def: GameDefinition, given: Record<string, string>): Params {
  const params: Record<string, ParamValue> = {};
  for (const key of Object.keys(given)) {
    if (!def.params.some((p) => p.name === key)) {
      const known = def.params.map((p) => p.name).join(', ') || 'none';
      throw new YomiError(`${def.id}: unknown parameter '${key}' (parameters: ${known})`);
    }
  }
  for (const spec of def.params) {
    params[spec.name] = Object.hasOwn(given, spec.name)
      ? parseParam(def.id, spec, given[spec.name])
      : spec.default;
  }
  return params;
}

function parseParam(game: string, spec: ParamSpec, raw: string): ParamValue {
  const where = `${game}: parameter ${spec.name}=${raw}`;
  let value: ParamValue = raw;
  if (spec.type === 'int') {
    value = parseIntParam(where, spec, raw);
  } else if (spec.type === 'ints') {
    const parts = raw.split(/\s+/).filter((x) => x !== '');
    if (
      (spec.minLength !== undefined && parts.length < spec.minLength) ||
      (spec.maxLength !== undefined && parts.length > spec.maxLength)
    ) {
      throw new YomiError(
        `${where} should list ${spec.minLength ?? 0} … ${spec.maxLength ?? '∞'} integers (separated by spaces)`,
      );
    }
    value = parts.map((part) => parseIntParam(where, spec, part));
  } else if (spec.choices && !spec.choices.includes(raw)) {
    throw new YomiError(`${where} is not one of: ${spec.choices.join(', ')}`);
  }
  const problem = spec.check?.(value);
  if (problem) throw new YomiError(`${where}: ${problem}`);
  return value;
}

function parseIntParam(where: string, spec: ParamSpec, raw: string): number {
  if (!/^-?\d+$/.test(raw)) throw new YomiError(`${where}: '${raw}' is not an integer`);
  const value = Number(raw);
  if ((spec.min !== undefined && value < spec.min) || (spec.max !== undefined && value > spec.max)) {
    throw new YomiError(`${where}: ${raw} is out of range (${spec.min ?? '−∞'} … ${spec.max ?? '∞'})`);
  }
  return value;
}

/** `connect4(width=7,height=6)`-style text for a definition's parameters. */
export function formatGameSpec(id: string, params: Params): string {
  const parts = Object.entries(params).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(' ') : v}`);
  return parts.length === 0 ? id : `${id}(${parts.join(',')})`;
}
