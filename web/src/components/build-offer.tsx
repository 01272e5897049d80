/**
 * A game too large for the browser whose database the server can build (full
 * Dobutsu shogi, with `yomi serve --build-dir`): its cost stated up front
 * (positions, time, memory, disk, as measured), a button that asks the server
 * to build it, and a progress bar while it does (the page asks every second);
 * once built, `onBuilt` lets the page play from the server. Where the page's
 * server builds none but the game offers one, the commands that add it.
 */

import { useEffect, useState } from 'preact/hooks';
import { type BuildState, offerCommand, offerCost } from '../../../src/core/builds.js';
import { offerFor } from '../model/session.js';
import { buildStates, startBuild } from '../sources/builds.js';
import { pageBase } from '../sources/page-base.js';

const POLL_MS = 1000;

/**
 * `spec`: the game refused, in canonical form. `fallback` (how to play it
 * anyway) when neither the server nor the game offers a database, so that the
 * page never gives two ways at once.
 */
export function BuildOffer({
  spec: game,
  onBuilt,
  fallback,
}: {
  spec: string;
  onBuilt(): void;
  fallback?: string;
}) {
  /** The server's state of this build; null: the server builds no database of this game. */
  const [build, setBuild] = useState<BuildState | null>();
  const [asked, setAsked] = useState(0);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const state = (await buildStates(pageBase())).find((b) => b.game === game) ?? null;
      if (!live) return;
      setBuild(state);
      if (state?.state === 'done') onBuilt();
      else if (state?.state === 'building') timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [game, asked]);

  const ask = async () => {
    setRefusal(await startBuild(pageBase(), game));
    setAsked((n) => n + 1);
  };

  if (build === undefined) return null;
  if (build === null) {
    const offer = offerFor(game);
    if (offer === undefined) return fallback ? <p class="advice">{fallback}</p> : null;
    return (
      <p class="build-offer">
        Its database ({offerCost(offer)}) can be served to this page: start the playground with{' '}
        <code>yomi serve --build-dir DIR</code> and build it from here, or run{' '}
        <code>{offerCommand(offer)}</code> and <code>yomi serve --db DIR</code>.
      </p>
    );
  }
  if (build.state === 'building') {
    const p = build.progress;
    const share = p ? (p.tier - 1 + p.share) / p.tiers : 0;
    return (
      <div class="build-offer working" role="status">
        <progress value={share} max={1} aria-label="building the database" />
        <span>
          Building the database on the server: {Math.floor(share * 100)}%
          {p && p.tiers > 1 ? ` (tier ${p.tier} of ${p.tiers})` : ''}, about {Math.ceil(build.seconds / 60)}{' '}
          min in all.
        </span>
      </div>
    );
  }
  return (
    <div class="build-offer">
      <p>This server can build its database: {offerCost(build)}. The page plays from it once it is built.</p>
      {build.state === 'failed' && <p role="alert">The last build failed: {build.error}</p>}
      {refusal && <p role="alert">{refusal}</p>}
      <button type="button" onClick={ask} disabled={build.state === 'done'}>
        Build the database
      </button>
    </div>
  );
}
