/**
 * Databases `yomi serve` builds when a player asks (`--build-dir DIR`): the
 * games whose definitions offer one (full Dobutsu shogi), each solved whole
 * by tiers into a tier directory under DIR, in the background, one at a
 * time. The playground shows an offer with the build's measured cost (size,
 * time, memory), a progress bar while it runs, and plays the game from the
 * database once it is built: the finished directory is served as if given to
 * `--db`. A directory built before (or half built: the tier solver resumes
 * it) is picked up at start. Node-only (files, threads).
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildState, DatabaseOffer } from '../core/builds.js';
import { errorLine } from '../core/error-line.js';
import { YomiError } from '../core/errors.js';
import { canonicalSpec, openGame } from '../games/open.js';
import { buildGameEndgames, endgamesBuilt } from '../host/endgame-search.js';
import { openGameArg } from '../host/load.js';
import { machineLimits } from '../host/machine-limits.js';
import { solveByTiers } from '../host/tier-solve.js';
import type { TierSolveOptions } from '../solvers/tiers.js';
import { endgameSource, type SearchLimits } from './endgame-source.js';
import type { PositionSource } from './position-source.js';
import { solutionFileSource } from './solution-file-source.js';

/** The folder a game's database is built in: its spec, with characters a file name should not hold replaced. */
const folderOf = (game: string) => game.replace(/[^\w=,.-]/g, '_');

export class Builds {
  private readonly states: BuildState[];
  /** The build under way (one at a time). */
  private running?: Promise<void>;
  private readonly stopping = new AbortController();

  /** `serve`: called with each database once it is built (or found whole at start); `limits`: of the searches reading endgame databases. */
  constructor(
    private readonly dir: string,
    offers: readonly DatabaseOffer[],
    private readonly serve: (source: PositionSource) => void,
    private readonly limits: SearchLimits,
  ) {
    this.states = offers.map((o) => ({ ...o, game: canonicalSpec(o.spec), state: 'offered' }));
  }

  /** Serves the databases already built in the folder (a half-built one stays on offer: building resumes it). */
  async openBuilt(): Promise<void> {
    for (const s of this.states) {
      const path = join(this.dir, folderOf(s.game));
      if (!this.whole(s, path)) continue;
      try {
        this.serve(await this.sourceOf(s, path));
        s.state = 'done';
      } catch {
        // not whole yet: offered, and resumed when built
      }
    }
  }

  /** Every offer with its state. */
  list(): readonly BuildState[] {
    return this.states;
  }

  /** Starts building `game` in the background; the state it is in, or undefined when it is not offered. */
  start(game: string): BuildState | undefined {
    const s = this.states.find((o) => o.game === canonicalSpec(game));
    if (s === undefined) return undefined;
    if (s.state === 'building' || s.state === 'done') return s;
    if (this.running) throw new YomiError('another database is being built; ask again when it is done');
    s.state = 'building';
    s.progress = { tier: 1, tiers: 1, share: 0 };
    s.error = undefined;
    this.running = this.build(s).finally(() => {
      this.running = undefined;
    });
    return s;
  }

  /** Stops a build under way and waits for its threads to end (the tiers solved so far stay: a later build resumes it). */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  /** Whether the database of `s` in `path` is built whole (a whole tier directory opens as a source; endgame databases hold every tier offered). */
  private whole(s: BuildState, path: string): boolean {
    if (!existsSync(path)) return false;
    return s.endgames === undefined || endgamesBuilt(openGame(s.spec).games[0], path, s.endgames.upto);
  }

  /** The source that serves the database of `s` built in `path`. */
  private sourceOf(s: BuildState, path: string): Promise<PositionSource> {
    return s.endgames === undefined
      ? solutionFileSource(path, [], true)
      : endgameSource(path, [s], this.limits);
  }

  private async build(s: BuildState): Promise<void> {
    const path = join(this.dir, folderOf(s.game));
    try {
      const opened = await openGameArg(s.spec);
      const progress = { tier: 1, tiers: 1, share: 0 };
      s.progress = progress;
      const options: TierSolveOptions = {
        ...machineLimits(),
        signal: this.stopping.signal,
        onTier: (t) => {
          progress.tier = t.index + 1;
          progress.tiers = t.count;
          progress.share = t.done ? 1 : 0;
        },
        onProgress: (p) => {
          if (p.total) progress.share = Math.min(1, p.done / p.total);
        },
      };
      if (s.endgames === undefined) await solveByTiers(opened, 0, path, undefined, options);
      else
        await buildGameEndgames(
          opened.games[0],
          path,
          { upto: s.endgames.upto, recipe: { spec: s.spec } },
          options,
        );
      this.serve(await this.sourceOf(s, path));
      s.state = 'done';
      s.progress = undefined;
    } catch (e) {
      s.state = 'failed';
      s.progress = undefined;
      s.error = errorLine(e instanceof Error ? e.message : String(e));
    }
  }
}
