/**
 * A game between a person and perfect play, as a state machine fed one line
 * of text at a time, so that `yomi play` is a thin terminal loop around it and
 * the rules of the conversation are tested without a terminal.
 *
 * The person enters a move by name (as the game's `moveName` writes it) or
 * by its number in the list, `?` for the value of every move, `u` to take
 * back their last move, `q` to quit. Where a move's name is itself a number
 * (Connect Four's columns), the list is not numbered and moves are entered by
 * name only, so that `5` is always column 5. The computer plays a best move of
 * the solution (winning as fast and losing as slowly as possible), choosing
 * at random among equally good ones. Positions are drawn as boards
 * (boards.ts).
 */

import { isOver, moveKeyAt, primitiveValue, writeMove } from '../core/game.js';
import { flipOutcome, type Outcome } from '../core/outcome.js';
import type { Random } from '../core/random.js';
import type { Solution } from '../core/solution.js';
import { formatValue, type Value } from '../core/value.js';
import { drawPosition } from './boards.js';

interface Ply<P> {
  position: P;
  /** Whose turn it is at `position` (a move that keeps the turn leaves it with the mover). */
  personToMove: boolean;
  /** Points earned so far by the person and by the computer (scoring games). */
  person: number;
  computer: number;
}

export class PlaySession<P, M> {
  private readonly history: Ply<P>[];
  done = false;
  /** The person's last line, when it was neither a move nor a command. */
  private rejected: string | undefined;
  /** Whether a repetition in a drawn game was pointed out (once is enough). */
  private repetitionNoted = false;

  constructor(
    private readonly solution: Solution<P, M>,
    private readonly personFirst: boolean,
    private readonly random: Random,
    start: P = solution.game.start,
  ) {
    this.history = [{ position: start, personToMove: personFirst, person: 0, computer: 0 }];
  }

  /** Plies played so far. */
  private get plies(): number {
    return this.history.length - 1;
  }

  private get now(): Ply<P> {
    return this.history[this.history.length - 1];
  }

  private get personToMove(): boolean {
    return this.now.personToMove;
  }

  private name(p: P, m: M): string {
    return writeMove(this.solution.game, p, m);
  }

  private board(p: P): string {
    return drawPosition(this.solution.game, p);
  }

  /**
   * The moves at the current position as the person enters them: numbered
   * (`1:a1`), unless a move's name is itself a number, which the list's
   * numbers could be taken for (then names only, in numeric order).
   */
  private menu(): { move: M; name: string; label: string; number?: number }[] {
    const p = this.now.position;
    const entries = this.solution.game.moves(p).map((move) => ({ move, name: this.name(p, move) }));
    if (entries.some((e) => /^\d+$/.test(e.name))) {
      return entries.map((e) => ({ ...e, label: e.name })).sort((a, b) => Number(a.name) - Number(b.name));
    }
    return entries.map((e, i) => ({ ...e, label: `${i + 1}:${e.name}`, number: i + 1 }));
  }

  private get scoring(): boolean {
    return typeof this.solution.game.points === 'function';
  }

  /** The opening text: plays the computer's first move if it moves first. */
  start(): string[] {
    const out = [this.personFirst ? 'You move first.' : 'yomi moves first.'];
    this.continue(out);
    return out;
  }

  /** The question to show before reading the person's next line. */
  prompt(): string {
    const labels = this.menu().map((e) => e.label);
    return `Your move (${labels.join(' ')}; ? values, u undo, q quit): `;
  }

  /** What to say when the input ends before the game does. */
  endOfInput(): string {
    return this.rejected === undefined
      ? 'End of input: the game stops here.'
      : `End of input after '${this.rejected}', which is not a move here: the game stops here.`;
  }

  /** Handles one line from the person; returns what to print. */
  input(line: string): string[] {
    const text = line.trim();
    const out: string[] = [];
    this.rejected = undefined;
    if (text === 'q') {
      out.push('You quit.');
      this.done = true;
      return out;
    }
    if (text === '?') return this.values();
    if (text === 'u') return this.undo();
    const menu = this.menu();
    const chosen = menu.find((e) => e.name === text) ?? menu.find((e) => String(e.number) === text);
    if (chosen === undefined) {
      this.rejected = text === '' ? undefined : text;
      const how = menu.some((e) => e.number !== undefined) ? "a move's name or number" : "a move's name";
      out.push(
        text === ''
          ? 'Enter a move, ? for the values of the moves, u to undo, q to quit.'
          : `'${text}' is not a move here; enter ${how}, ?, u or q.`,
      );
      return out;
    }
    const move = chosen.move;
    this.play(move, out);
    this.continue(out);
    return out;
  }

  private values(): string[] {
    const p = this.now.position;
    const moveKey = moveKeyAt(this.solution.game, p);
    const best = new Set(this.solution.best(p).map(moveKey));
    const values = new Map(this.solution.moves(p).map((mv) => [moveKey(mv.move), mv.value]));
    const rows = this.menu().map((e) => ({
      label: e.label,
      value: formatValue(values.get(moveKey(e.move)) as Value),
      best: best.has(moveKey(e.move)),
    }));
    const width = Math.max(...rows.map((r) => r.label.length));
    return [
      `This position: ${formatValue(this.solution.value(p))} for you.`,
      ...rows.map((r) => `  ${r.label.padEnd(width)}  ${r.value}${r.best ? '  ← best' : ''}`),
    ];
  }

  private undo(): string[] {
    // Back to the person's turn before their last move.
    let at = this.history.length - 2;
    while (at >= 0 && !this.history[at].personToMove) at--;
    if (at < 0) return ['Nothing to undo.'];
    this.history.length = at + 1;
    return ['Took back your last move.', this.board(this.now.position)];
  }

  /** Plays `move` for the side to move, printing it. */
  private play(move: M, out: string[]): void {
    const { position, person, computer } = this.now;
    const game = this.solution.game;
    const points = game.points?.(position, move) ?? 0;
    const mine = this.personToMove;
    const child = game.play(position, move);
    const again = game.keepsTurn?.(position, move) === true;
    this.history.push({
      position: child,
      personToMove: again ? mine : !mine,
      person: person + (mine ? points : 0),
      computer: computer + (mine ? 0 : points),
    });
    const earned = this.scoring ? ` (${points < 0 ? '' : '+'}${points})` : '';
    const turn = again && !isOver(game, child) ? (mine ? '; you move again' : '; yomi moves again') : '';
    out.push(`${mine ? 'You play' : 'yomi plays'} ${this.name(position, move)}${earned}${turn}`);
    this.noteRepetition(out);
  }

  /**
   * A drawn game can go on forever: the first time a position comes back
   * (the same player to move), say so, and that neither side can force an end.
   */
  private noteRepetition(out: string[]): void {
    if (this.repetitionNoted) return;
    const game = this.solution.game;
    const now = this.now;
    const key = game.key(now.position);
    const at = this.history.findIndex(
      (h, i) => i < this.plies && h.personToMove === now.personToMove && game.key(h.position) === key,
    );
    if (at < 0 || this.solution.value(now.position).outcome !== 'draw') return;
    this.repetitionNoted = true;
    out.push(
      `The position repeats (as after ${at} ${at === 1 ? 'ply' : 'plies'}): with perfect play neither side can force an end, a draw. Enter q to stop.`,
    );
  }

  /** Shows the board, lets the computer move while it is its turn, and ends the game when it is over. */
  private continue(out: string[]): void {
    for (;;) {
      const p = this.now.position;
      out.push(this.board(p));
      if (isOver(this.solution.game, p)) {
        out.push(this.result());
        this.done = true;
        return;
      }
      if (this.personToMove) return;
      const best = this.solution.best(p);
      this.play(best[this.random.below(best.length)], out);
    }
  }

  private result(): string {
    const { position, person, computer } = this.now;
    let personOutcome: Outcome;
    if (this.scoring) {
      personOutcome = person > computer ? 'win' : person < computer ? 'lose' : 'tie';
    } else {
      const o = primitiveValue(this.solution.game, position)?.outcome ?? 'lose';
      // The outcome is for the player to move at the end.
      personOutcome = this.personToMove ? o : flipOutcome(o);
    }
    const score = this.scoring ? ` You scored ${person}, yomi ${computer}.` : '';
    const verdict =
      personOutcome === 'win'
        ? 'You win!'
        : personOutcome === 'lose'
          ? 'yomi wins.'
          : personOutcome === 'tie'
            ? 'A tie.'
            : 'A draw.';
    return `Game over after ${this.plies} plies.${score} ${verdict}`;
  }
}
