/**
 * The playground page: pick a game (parameters, problem input), watch it
 * solve in the worker, then play it on its board with the value of every
 * move shown, against the computer or another person, with undo/redo, the
 * position kept in the URL and the value history drawn below. The logic lives
 * in `model/`; this component wires state to views.
 */

import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { YomiError } from '../../src/core/errors.js';
import type { AnyGame } from '../../src/core/game.js';
import { formatValue, type Value } from '../../src/core/value.js';
import type { GameDefinition } from '../../src/games/kit/definition.js';
import { formatGameSpec, parseGameSpec } from '../../src/games/kit/params.js';
import { GAMES } from '../../src/games/registry.js';
import type { BoardMove } from './boards/board.js';
import { BOARDS } from './boards/index.js';
import { HistoryChart } from './components/history-chart.js';
import { MoveList } from './components/move-list.js';
import { type SolveState, SolveStatus } from './components/solve-status.js';
import { chooseMove } from './model/player.js';
import {
  asGame,
  legalMoves,
  loadGame,
  moveNames,
  OPENING_SPECS,
  type Replayed,
  replay,
  sizeWarning,
} from './model/session.js';
import { computerMoves, type Mover, undoSteps } from './model/turns.js';
import { type ComputerSide, decodeState, encodeState, type PlayState } from './model/url.js';
import { moveViews } from './model/values.js';
import { type Answer, SolverClient } from './solver-client.js';

const COMPUTER_DELAY_MS = 450;

const message = (e: unknown) =>
  e instanceof YomiError ? e.message : `internal error: ${(e as Error).message}`;

function tryLoad(spec: string, input: string | undefined) {
  try {
    return { loaded: loadGame(spec, input) };
  } catch (e) {
    return { error: message(e) };
  }
}

const defaults = (def: GameDefinition) => Object.fromEntries(def.params.map((p) => [p.name, p.default]));

const inside = (spec: string) => /\((.*)\)$/s.exec(spec)?.[1] ?? '';

export function App() {
  const [state, setState] = useState<PlayState>(() => decodeState(location.hash));
  const [redo, setRedo] = useState<number[]>([]);
  const [showValues, setShowValues] = useState(true);
  const [solveState, setSolveState] = useState<SolveState>({ kind: 'solving' });
  const [answer, setAnswer] = useState<{ key: string; answer: Answer }>();
  const [solveRun, setSolveRun] = useState(0);
  const client = useMemo(() => new SolverClient(), []);

  const gameId = parseGameSpecSafe(state.game);
  const load = useMemo(() => tryLoad(state.game, state.input), [state.game, state.input]);
  const def = load.loaded?.def;
  const [paramText, setParamText] = useState(inside(state.game));
  const [paramError, setParamError] = useState<string>();
  const [inputText, setInputText] = useState(state.input ?? def?.input?.example ?? '');
  const [inputError, setInputError] = useState<string>();

  const anyGame = load.loaded?.games[state.dataset];
  const game = useMemo(() => (anyGame ? asGame(anyGame) : undefined), [anyGame]);
  const { positions, movers, moves } = useMemo(
    (): Replayed => (game ? replay(game, state.moves) : { positions: [], movers: [0], moves: [] }),
    [game, state.moves],
  );
  const moverNow = movers[movers.length - 1];
  const position = positions[positions.length - 1];
  // The values shown belong to this game and these moves (never to the game shown before).
  const answerKey = JSON.stringify([state.game, state.input, state.dataset, moves]);
  const current = answer?.key === answerKey && solveState.kind === 'solved' ? answer.answer : undefined;

  // Keep the URL in step with the game.
  useEffect(() => {
    history.replaceState(null, '', encodeState({ ...state, moves }));
  }, [state, moves]);
  // A link pasted into this tab (only the fragment changes) opens as a fresh page.
  useEffect(() => {
    const reopen = () => location.reload();
    addEventListener('hashchange', reopen);
    return () => removeEventListener('hashchange', reopen);
  }, []);

  // Solve whenever the game changes (a fresh worker each time).
  useEffect(() => {
    if (!anyGame) return;
    const tooLarge = sizeWarning(anyGame);
    if (tooLarge) {
      setSolveState({ kind: 'too-large', message: tooLarge });
      return;
    }
    setSolveState({ kind: 'solving' });
    client.start({ kind: 'solve', spec: state.game, input: state.input, dataset: state.dataset }, (event) => {
      if (event.kind === 'progress') setSolveState({ kind: 'solving', progress: event.progress });
      else if (event.kind === 'solved') setSolveState(event);
      else setSolveState(event);
    });
    return () => client.cancel();
  }, [anyGame, client, state.game, state.input, state.dataset, solveRun]);

  // Ask the worker for the values along the game and of every move here.
  useEffect(() => {
    if (solveState.kind !== 'solved') return;
    let live = true;
    client.query(moves).then((a) => live && setAnswer({ key: answerKey, answer: a }));
    return () => {
      live = false;
    };
  }, [solveState, client, moves, answerKey]);

  const ply = moves.length;
  const over = game !== undefined && position !== undefined && legalMoves(game, position).length === 0;
  const computerToMove = computerMoves(state.computer, moverNow);

  const play = (ordinal: number) => {
    setState((s) => ({ ...s, moves: [...moves, ordinal] }));
    setRedo([]);
  };

  // The computer's move, after a short pause so people see it come.
  useEffect(() => {
    if (!current || over || !computerToMove || current.moves.length === 0) return;
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, moves: [...moves, chooseMove(current.moves, s.skill)] }));
      setRedo([]);
    }, COMPUTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [current, over, computerToMove, moves]);

  const undo = () => {
    const back = undoSteps(state.computer, movers);
    if (back === 0) return;
    setRedo([...moves.slice(moves.length - back), ...redo]);
    setState((s) => ({ ...s, moves: moves.slice(0, moves.length - back) }));
  };
  const redoMove = () => {
    if (redo.length === 0) return;
    setState((s) => ({ ...s, moves: [...moves, redo[0]] }));
    setRedo(redo.slice(1));
  };
  const restart = () => {
    setState((s) => ({ ...s, moves: [] }));
    setRedo([]);
  };

  const keys = useRef({ undo, redoMove, restart });
  keys.current = { undo, redoMove, restart };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'u') keys.current.undo();
      else if (e.key === 'r') keys.current.redoMove();
      else if (e.key === 'n') keys.current.restart();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const chooseGame = (id: string) => {
    const next = GAMES.find((g) => g.id === id);
    const spec = OPENING_SPECS[id] ?? id;
    setState((s) => ({ ...s, game: spec, input: undefined, dataset: 0, moves: [] }));
    setRedo([]);
    setParamText(inside(spec));
    setParamError(undefined);
    setInputText(next?.input?.example ?? '');
    setInputError(undefined);
  };

  const applyParams = (text: string) => {
    const spec = text.trim() === '' ? gameId : `${gameId}(${text.trim()})`;
    const tried = tryLoad(spec, state.input);
    setParamError(tried.error);
    if (tried.loaded) {
      setState((s) => ({ ...s, game: spec, dataset: 0, moves: [] }));
      setRedo([]);
    }
  };

  const editInput = (text: string) => {
    setInputText(text);
    const tried = tryLoad(state.game, text);
    setInputError(tried.error);
    if (tried.loaded) {
      setState((s) => ({ ...s, input: text, dataset: 0, moves: [] }));
      setRedo([]);
    }
  };

  const names = game && position !== undefined ? moveNames(game, position) : [];
  const legal = game && position !== undefined ? legalMoves(game, position) : [];
  const views = current && showValues ? moveViews(names, current.moves) : undefined;
  const boardMoves: BoardMove[] = legal.map((move, ordinal) => ({
    ordinal,
    move,
    name: names[ordinal],
    view: views?.[ordinal],
  }));
  const Board = BOARDS[gameId];
  const disabled = !current || computerToMove;
  const lastMove =
    game && moves.length > 0
      ? legalMoves(game, positions[positions.length - 2])[moves[moves.length - 1]]
      : undefined;
  const here = current?.path[current.path.length - 1];
  const mover = moverNow === 0 ? 'First player' : 'Second player';

  return (
    <main>
      <header>
        <h1>yomi playground</h1>
        <p>
          Every move marked by its value for the player to move: W win, L lose, T tie, D draw, with the
          remoteness.
        </p>
      </header>
      <section class="setup" aria-label="game">
        <label>
          Game{' '}
          <select value={gameId} onChange={(e) => chooseGame((e.target as HTMLSelectElement).value)}>
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.id}
              </option>
            ))}
          </select>
        </label>
        {def && <p class="summary">{def.summary}</p>}
        {load.error && (
          <p class="error" role="alert">
            {load.error}
          </p>
        )}
        {def && def.params.length > 0 && (
          <form
            class="params"
            onSubmit={(e) => {
              e.preventDefault();
              applyParams(paramText);
            }}
          >
            <label>
              Parameters{' '}
              <input
                value={paramText}
                placeholder={inside(formatGameSpec(def.id, defaults(def)))}
                onInput={(e) => setParamText((e.target as HTMLInputElement).value)}
              />
            </label>
            <button type="submit">Apply</button>
            {paramError && (
              <span class="error" role="alert">
                {paramError}
              </span>
            )}
          </form>
        )}
        {def?.input && (
          <div class="input">
            <label for="problem-input">Problem input ({def.input.format})</label>
            <textarea
              id="problem-input"
              rows={6}
              spellcheck={false}
              value={inputText}
              onInput={(e) => editInput((e.target as HTMLTextAreaElement).value)}
            />
            {inputError && (
              <p class="error input-error" role="alert">
                {inputError}
              </p>
            )}
          </div>
        )}
        {load.loaded && load.loaded.games.length > 1 && (
          <label>
            Dataset{' '}
            <select
              value={state.dataset}
              onChange={(e) =>
                setState((s) => ({ ...s, dataset: Number((e.target as HTMLSelectElement).value), moves: [] }))
              }
            >
              {load.loaded.games.map((_, i) => (
                <option key={i} value={i}>
                  {i + 1}
                </option>
              ))}
            </select>
          </label>
        )}
      </section>

      <SolveStatus
        state={solveState}
        onCancel={() => {
          client.cancel();
          setSolveState({ kind: 'cancelled' });
        }}
        onRetry={() => setSolveRun((n) => n + 1)}
      />

      {game && position !== undefined && (
        <div class="play">
          <section
            class="board-area"
            aria-label="board"
            data-position={game.show ? game.show(position) : String(position)}
            data-ply={ply}
            data-game={state.game}
            data-ready={current ? 'yes' : 'no'}
          >
            {Board ? (
              <Board
                game={game}
                source={anyGame!}
                input={def?.input ? (state.input ?? def.input.example) : undefined}
                path={positions}
                position={position}
                moves={boardMoves}
                lastMove={lastMove}
                disabled={disabled}
                onMove={play}
              />
            ) : (
              <pre class="position">{game.show ? game.show(position) : String(position)}</pre>
            )}
            <p class="turn" data-testid="turn">
              {over
                ? `Game over: ${here ? describeEnd(here.outcome, moverNow) : ''}`
                : `${mover} to move${here && showValues ? `: ${formatValue(here)}` : ''}${computerToMove ? ' (computer)' : ''}`}
            </p>
            {def && showValues && answerLine(def, anyGame, current?.path[0])}
          </section>
          <section class="side" aria-label="controls">
            <div class="controls">
              <button type="button" onClick={undo} disabled={moves.length === 0} title="undo (u)">
                Undo
              </button>
              <button type="button" onClick={redoMove} disabled={redo.length === 0} title="redo (r)">
                Redo
              </button>
              <button type="button" onClick={restart} title="restart (n)">
                Restart
              </button>
              <label>
                <input
                  type="checkbox"
                  checked={showValues}
                  onChange={(e) => setShowValues((e.target as HTMLInputElement).checked)}
                />{' '}
                Show values
              </label>
            </div>
            <div class="controls">
              <label>
                Computer plays{' '}
                <select
                  value={state.computer}
                  onChange={(e) =>
                    setState((s) => ({
                      ...s,
                      computer: (e.target as HTMLSelectElement).value as ComputerSide,
                    }))
                  }
                >
                  <option value="none">nobody (two people)</option>
                  <option value="first">first player</option>
                  <option value="second">second player</option>
                  <option value="both">both</option>
                </select>
              </label>
              <label>
                Skill{' '}
                <input
                  type="range"
                  min={0}
                  max={1}
                  step={0.05}
                  value={state.skill}
                  onInput={(e) =>
                    setState((s) => ({ ...s, skill: Number((e.target as HTMLInputElement).value) }))
                  }
                />{' '}
                {Math.round(state.skill * 100)}%
              </label>
            </div>
            <MoveList moves={boardMoves} disabled={disabled} onMove={play} />
            {current && showValues && <HistoryChart values={current.path} movers={movers} />}
          </section>
        </div>
      )}
    </main>
  );
}

function parseGameSpecSafe(spec: string): string {
  try {
    return parseGameSpec(spec).id;
  } catch {
    return spec;
  }
}

/** Who won, from the value of the final position (for the player to move there). */
function describeEnd(outcome: string, mover: Mover): string {
  if (outcome === 'tie' || outcome === 'draw') return outcome;
  const moverLost = outcome === 'lose';
  const firstToMove = mover === 0;
  return `${moverLost === firstToMove ? 'second' : 'first'} player wins`;
}

/** The problem's answer line for the start (as `yomi solve` prints it), for games read from an input. */
function answerLine(def: GameDefinition, game: AnyGame | undefined, start: Value | undefined) {
  if (!def.input || !game || !start) return null;
  return (
    <p class="answer">
      Answer: <output data-testid="answer">{def.answer(start, game)}</output>
    </p>
  );
}
