/**
 * The playground page: the game chosen and its rules, the board with every
 * move's value, whose turn it is, the controls, the move list, the legend,
 * the value history and where the values come from. State and its changes
 * live in the play session (use-play-session.ts, model/play-session.ts);
 * this component lays them out.
 */

import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { endedValue } from '../../src/core/game.js';
import type { BoardMove } from './boards/board.js';
import { Controls } from './components/controls.js';
import { GameSetup } from './components/game-setup.js';
import { HistoryChart } from './components/history-chart.js';
import { Legend } from './components/legend.js';
import { MoveList } from './components/move-list.js';
import { SolveStatus } from './components/solve-status.js';
import { TurnLine } from './components/turn-line.js';
import { isProblem } from './model/catalogue.js';
import { finalAnswer } from './model/final-score.js';
import type { Session, SessionAction, SessionView } from './model/play-session.js';
import { moveViews } from './model/values.js';
import type { Answer } from './sources/value-source.js';
import { usePlaySession } from './use-play-session.js';

const TWO_SIDES = ['First player', 'Second player'] as const;

/**
 * The board's area, focused again after a move (the square played is gone:
 * the focus stays on the board, not lost to the page) — but not when the page
 * opens: the first Tab goes to the game picker.
 */
function useBoardFocus(ply: number) {
  const boardRef = useRef<HTMLElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    if (opened.current && boardRef.current && (!active || active === document.body))
      boardRef.current.focus({ preventScroll: true });
    opened.current = true;
  }, [ply]);
  return boardRef;
}

function PageHeader() {
  return (
    <header class="top">
      <h1>yomi playground</h1>
      <p>
        Play games solved exactly: every move shows whether it wins, loses or ties with best play, and how
        soon.
      </p>
    </header>
  );
}

/** What the two players are called: the game's own names, or first and second player. */
const sidesOf = (view: SessionView) => view.entry?.sides ?? TWO_SIDES;

/** The side panel: the controls, the moves here (`children`), the legend and the value history. */
function SidePanel({
  session,
  view,
  current,
  playable,
  dispatch,
  children,
}: {
  session: Session;
  view: SessionView;
  current: Answer | undefined;
  /** false: the game is refused here, so nothing about reading its values is shown. */
  playable: boolean;
  dispatch: (action: SessionAction) => void;
  children: ComponentChildren;
}) {
  const { play, showValues } = session;
  const sides = sidesOf(view);
  return (
    <aside class="side" aria-label="controls">
      <Controls
        sides={sides}
        computer={play.computer}
        skill={play.skill}
        showValues={showValues}
        canUndo={view.moves.length > 0}
        canRedo={session.redo.length > 0}
        dispatch={dispatch}
      />
      <h2 class="moves-title">Moves</h2>
      {view.over ? <p class="muted">No moves: the game is over.</p> : children}
      {showValues && playable && (
        <Legend
          scoring={view.game?.points !== undefined}
          uncounted={current?.moves.some((v) => Number.isNaN(v.remoteness)) === true}
        />
      )}
      {current && showValues && <HistoryChart values={current.path} movers={view.movers} sides={sides} />}
    </aside>
  );
}

export function App() {
  const { session, view, dispatch, solveState, search, current: solved, retry, cancel } = usePlaySession();
  const { play, showValues } = session;
  const { game, source, position, entry } = view;
  const sides = sidesOf(view);
  // Scoring games: every value is read as the final score (the points made so far added).
  const current = solved && view.leads ? finalAnswer(solved, view.leads, view.movers) : solved;
  const views = current && showValues ? moveViews(view.names, current.moves) : undefined;
  const boardMoves: BoardMove<unknown>[] = view.legal.map((move, ordinal) => ({
    ordinal,
    move,
    name: view.names[ordinal],
    view: views?.[ordinal],
  }));
  const disabled = !current || view.computerToMove;
  const ply = view.moves.length;
  const moverNow = view.movers[view.movers.length - 1];
  const here = current?.path[current.path.length - 1];
  const onMove = (ordinal: number) => dispatch({ kind: 'move', ordinal, after: view.moves });

  const boardRef = useBoardFocus(ply);

  const Board = entry?.board;
  const lastName = view.lastName;
  // A game refused here (too large, no database served): its board shows the rules' start, inert and dimmed.
  const unplayable = solveState.kind === 'too-large';
  return (
    <main>
      <PageHeader />
      <div class="layout">
        <div class="main-column">
          <GameSetup
            spec={play.game}
            entry={entry}
            def={view.def}
            input={play.input}
            datasets={view.loaded?.games.length ?? 0}
            dataset={play.dataset}
            error={view.error}
            errorIn={view.errorIn}
            dispatch={dispatch}
          />
          {unplayable && (
            <p class="turn unplayable-note">Not playable in the browser: below is why, and how to play it.</p>
          )}
          {game && source && position !== undefined && (
            <section
              ref={boardRef}
              tabIndex={-1}
              class={unplayable ? 'board-area unplayable' : 'board-area'}
              inert={unplayable}
              aria-label="board"
              data-position={game.show ? game.show(position) : String(position)}
              data-ply={ply}
              data-moves={view.moves.join('.')}
              data-game={play.game}
              data-ready={current ? 'yes' : 'no'}
            >
              {!unplayable && (
                <TurnLine
                  sides={sides}
                  computer={play.computer}
                  mover={moverNow}
                  last={lastName ? { mover: view.movers[ply - 1], name: lastName } : undefined}
                  over={view.over}
                  value={view.over ? endedValue(game, position) : showValues ? here : undefined}
                  lead={view.leads?.[view.leads.length - 1]}
                  scores={view.scores}
                />
              )}
              {Board ? (
                <Board
                  game={game}
                  source={source}
                  input={view.input}
                  path={view.positions}
                  movers={view.movers}
                  position={position}
                  moves={boardMoves}
                  lastMove={view.lastMove}
                  disabled={disabled}
                  onMove={onMove}
                />
              ) : (
                <pre class="position">{game.show ? game.show(position) : String(position)}</pre>
              )}
              {view.def?.input && isProblem(entry, view.def) && solved?.path[0] && (
                <p class="answer">
                  The problem’s answer:{' '}
                  <output data-testid="answer">{view.def.answer(solved.path[0], source)}</output>
                </p>
              )}
            </section>
          )}
          {game && (
            <SolveStatus
              state={solveState}
              querying={solveState.kind === 'solved' && !solved}
              queryProgress={search.progress}
              searchedSoFar={search.searchedSoFar}
              threads={search.threads}
              onCancel={cancel}
              onRetry={retry}
            />
          )}
        </div>
        {game && position !== undefined && (
          <SidePanel
            session={session}
            view={view}
            current={current}
            playable={!unplayable}
            dispatch={dispatch}
          >
            <MoveList moves={boardMoves} disabled={disabled} onMove={onMove} />
          </SidePanel>
        )}
      </div>
    </main>
  );
}
