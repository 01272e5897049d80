/**
 * Choosing what to play: the game (grouped: games people know, heap games,
 * contest problems), its rules in two lines, its parameters, its problem
 * input and dataset. A bad parameter or input shows the CLI's own message in
 * place of the board.
 */

import { useRef, useState } from 'preact/hooks';
import type { GameDefinition } from '../../../src/games/kit/definition.js';
import { formatGameSpec } from '../../../src/games/kit/params.js';
import { ENTRIES } from '../entries.js';
import { type GameEntry, type Group, isProblem, specId } from '../model/catalogue.js';
import type { SessionAction } from '../model/play-session.js';

interface Props {
  spec: string;
  entry?: GameEntry;
  def?: GameDefinition;
  /** The input as typed (undefined: the entry's sample). */
  input?: string;
  datasets: number;
  dataset: number;
  error?: string;
  /** What the error is about: the game and its parameters, or the problem input (that field is marked invalid). */
  errorIn?: 'game' | 'input';
  dispatch(action: SessionAction): void;
}

/** The error's element, which the field it is about names as its description. */
const ERROR_ID = 'setup-error';

/** The attributes of a field the error is (or is not) about. */
const invalidIf = (bad: boolean) =>
  bad ? { 'aria-invalid': true, 'aria-describedby': ERROR_ID } : { 'aria-invalid': false };

const GROUPS: readonly Group[] = ['Games people know', 'Heap games', 'Contest problems'];

const inside = (spec: string) => /\((.*)\)$/s.exec(spec)?.[1] ?? '';

const defaults = (def: GameDefinition) =>
  inside(formatGameSpec(def.id, Object.fromEntries(def.params.map((p) => [p.name, p.default]))));

export function GameSetup({ spec, entry, def, input, datasets, dataset, error, errorIn, dispatch }: Props) {
  // The parameters as typed, reset to the game's own whenever another game or spec is opened: in the
  // render that shows it (an effect ran after the paint, and replaced what was typed in between).
  const [paramText, setParamText] = useState(inside(spec));
  const [paramSpec, setParamSpec] = useState(spec);
  if (spec !== paramSpec) {
    setParamSpec(spec);
    setParamText(inside(spec));
  }
  const id = specId(spec);
  // Set while the picker is browsed with the keyboard: its game then opens on Enter or when it loses focus.
  const browsing = useRef(false);
  const openPicked = (select: HTMLSelectElement) => {
    browsing.current = false;
    const next = ENTRIES.find((g) => g.key === select.value);
    if (next && next.key !== entry?.key) dispatch({ kind: 'open', spec: next.spec });
  };
  const inputText = input ?? entry?.sample ?? def?.input?.example ?? '';
  return (
    <section class="setup" aria-label="game">
      <label class="picker">
        <span>Game</span>
        <select
          value={entry?.key ?? ''}
          onKeyDown={(e) => {
            // Arrows on the closed picker only browse; Enter opens the game shown (so does leaving it).
            if (e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End') browsing.current = true;
            if (e.key === 'Enter') openPicked(e.currentTarget);
          }}
          onChange={(e) => {
            if (!browsing.current) openPicked(e.currentTarget);
          }}
          onBlur={(e) => openPicked(e.currentTarget)}
        >
          {entry === undefined && (
            // A game opened by its address that the list does not hold as such (or no game at all).
            <option value="" disabled>
              {def ? spec : 'Choose a game'}
            </option>
          )}
          {GROUPS.map((group) => (
            <optgroup key={group} label={group}>
              {ENTRIES.filter((g) => g.group === group).map((g) => (
                <option key={g.key} value={g.key}>
                  {g.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {entry && (
        <div class="rules">
          <p>{entry.rules[0]}</p>
          <p>{entry.rules[1]}</p>
        </div>
      )}
      {def && def.params.length > 0 && (
        <form
          class="params"
          onSubmit={(e) => {
            e.preventDefault();
            dispatch({ kind: 'open', spec: paramText.trim() === '' ? id : `${id}(${paramText.trim()})` });
          }}
        >
          <label>
            <span>Parameters</span>
            <input
              {...invalidIf(error !== undefined && errorIn === 'game')}
              value={paramText}
              placeholder={defaults(def)}
              spellcheck={false}
              onInput={(e) => setParamText((e.target as HTMLInputElement).value)}
            />
          </label>
          <button type="submit">Apply</button>
        </form>
      )}
      {def?.input && isProblem(entry, def) && (
        <details class="input" open={input !== undefined || error !== undefined}>
          <summary>Problem input ({def.input.format})</summary>
          <textarea
            {...invalidIf(error !== undefined && errorIn === 'input')}
            id="problem-input"
            aria-label="problem input"
            rows={6}
            spellcheck={false}
            value={inputText}
            onInput={(e) => dispatch({ kind: 'open', spec, input: (e.target as HTMLTextAreaElement).value })}
          />
        </details>
      )}
      {datasets > 1 && (
        <label>
          <span>Dataset</span>
          <select
            value={dataset}
            onChange={(e) =>
              dispatch({ kind: 'dataset', dataset: Number((e.target as HTMLSelectElement).value) })
            }
          >
            {Array.from({ length: datasets }, (_, i) => (
              <option key={i} value={i}>
                {i + 1} of {datasets}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && (
        <p id={ERROR_ID} class="error input-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
