/**
 * The play controls: undo, redo, restart (keys u, r, n), values shown or
 * hidden, who the computer plays, and how well.
 */

import type { SessionAction } from '../model/play-session.js';
import type { ComputerSide } from '../model/url.js';

interface Props {
  sides: readonly [string, string];
  computer: ComputerSide;
  skill: number;
  showValues: boolean;
  canUndo: boolean;
  canRedo: boolean;
  dispatch(action: SessionAction): void;
}

export function Controls({ sides, computer, skill, showValues, canUndo, canRedo, dispatch }: Props) {
  return (
    <div class="controls">
      <div class="buttons">
        <button type="button" onClick={() => dispatch({ kind: 'undo' })} disabled={!canUndo} title="undo (u)">
          Undo
        </button>
        <button type="button" onClick={() => dispatch({ kind: 'redo' })} disabled={!canRedo} title="redo (r)">
          Redo
        </button>
        <button type="button" onClick={() => dispatch({ kind: 'restart' })} title="restart (n)">
          Restart
        </button>
        <label class="check">
          <input
            type="checkbox"
            checked={showValues}
            onChange={(e) => dispatch({ kind: 'values', show: (e.target as HTMLInputElement).checked })}
          />{' '}
          Show values
        </label>
      </div>
      <div class="buttons">
        <label>
          <span>Computer plays</span>{' '}
          <select
            value={computer}
            onChange={(e) =>
              dispatch({ kind: 'computer', side: (e.target as HTMLSelectElement).value as ComputerSide })
            }
          >
            <option value="none">nobody (two people)</option>
            <option value="first">
              {sides[0]} (you play {sides[1]})
            </option>
            <option value="second">
              {sides[1]} (you play {sides[0]})
            </option>
            <option value="both">both sides</option>
          </select>
        </label>
        <label>
          <span>Skill</span>{' '}
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={skill}
            aria-valuetext={`${Math.round(skill * 100)}% best moves`}
            onInput={(e) => dispatch({ kind: 'skill', skill: Number((e.target as HTMLInputElement).value) })}
          />{' '}
          {Math.round(skill * 100)}%
        </label>
      </div>
    </div>
  );
}
