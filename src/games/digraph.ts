/**
 * Tokens on a directed graph: a move slides one token along an arrow; a
 * player who cannot move loses, and play that goes round a cycle for ever is
 * a draw. The graph is a parameter (`edges=1>0 2>1 3>3`, places numbered from
 * 0); the default is a small graph with values of every kind — nimbers,
 * ∞ and ∞(K) — the loopy impartial game in its plainest form (Fraenkel's
 * "games on digraphs"). A row of tokens is their sum (token-game.ts).
 */

import { InputError } from '../core/errors.js';
import type { IndexedGame } from '../core/game.js';
import { NOT_PRIMITIVE } from '../core/outcome.js';
import { type TokenBoard, tokenDefinition } from './impartial/token-game.js';

/** The most places a graph may have (it is drawn whole in the playground). */
export const DIGRAPH_MAX_PLACES = 32;

const DEFAULT_EDGES = '1>0 2>0 2>1 3>2 3>4 4>3 4>1 5>4 5>6 6>5 6>0 6>1 7>7 7>2';

/** The arrows `edges` lists, or why it is not a graph. */
export function parseEdges(edges: string): { from: number; to: number }[] | string {
  const arrows: { from: number; to: number }[] = [];
  for (const word of edges.trim().split(/\s+/)) {
    const m = /^(\d+)>(\d+)$/.exec(word);
    if (m === null) return `'${word}' is not an arrow: write from>to, e.g. 3>1`;
    const [from, to] = [Number(m[1]), Number(m[2])];
    if (Math.max(from, to) >= DIGRAPH_MAX_PLACES) {
      return `${word}: places are 0 … ${DIGRAPH_MAX_PLACES - 1}`;
    }
    arrows.push({ from, to });
  }
  return arrows;
}

/** The board of the graph `edges` lists (arrows from>to, separated by spaces). */
export function digraphBoard(edges: string): TokenBoard {
  const arrows = parseEdges(edges);
  if (typeof arrows === 'string') throw new InputError(`digraph: parameter edges: ${arrows}`);
  const size = 1 + Math.max(...arrows.flatMap((a) => [a.from, a.to]));
  const children: number[][] = Array.from({ length: size }, () => []);
  const parents: number[][] = Array.from({ length: size }, () => []);
  for (const { from, to } of arrows) {
    if (children[from].includes(to)) continue;
    children[from].push(to);
    parents[to].push(from);
  }
  const list = (lists: number[][], p: number, out: Int32Array) => {
    out.set(lists[p]);
    return lists[p].length;
  };
  const component: IndexedGame = {
    kind: 'indexed',
    id: 'digraph',
    size,
    start: size - 1,
    maxMoves: Math.max(0, ...children.map((c) => c.length)),
    maxParents: Math.max(0, ...parents.map((c) => c.length)),
    children: (p, out) => list(children, p, out),
    parents: (p, out) => list(parents, p, out),
    primitive: () => NOT_PRIMITIVE,
    show: (p) => String(p),
  };
  const written = arrows.map((a) => `${a.from}>${a.to}`).join(' ');
  return { name: `digraph(edges=${written})`, component, tokenName: 'token' };
}

export const digraphDefinition = tokenDefinition({
  id: 'digraph',
  summary: 'tokens on a directed graph: slide one token along an arrow; who cannot move loses; cycles draw',
  params: [
    {
      name: 'edges',
      type: 'string',
      default: DEFAULT_EDGES,
      description: 'the arrows from>to, separated by spaces (places 0 … 31)',
      check: (v) => {
        const arrows = parseEdges(v as string);
        return typeof arrows === 'string' ? arrows : undefined;
      },
    },
  ],
  tokensParam: {
    name: 'tokens',
    description: 'the tokens’ places, separated by spaces',
    default: [3, 2],
    max: DIGRAPH_MAX_PLACES - 1,
  },
  board: (params) => digraphBoard(params.edges),
});
