/**
 * The databases the page's server builds on request (`yomi serve
 * --build-dir`, src/server/builds.ts): where each build stands, and asking
 * for one. A page not served by `yomi serve`, or by one without builds, sees
 * none.
 */

import type { BuildState } from '../../../src/core/builds.js';

/** Every database the server offers to build, with where its build stands ([] when it offers none). */
export async function buildStates(base: string): Promise<BuildState[]> {
  try {
    const r = await fetch(`${base}api/v1/builds`);
    if (!r.ok) return [];
    const body = (await r.json()) as { builds?: BuildState[] };
    return Array.isArray(body.builds) ? body.builds : [];
  } catch {
    return [];
  }
}

/** Asks the server to build `game`'s database; the server's reason when it will not. */
export async function startBuild(base: string, game: string): Promise<string | undefined> {
  try {
    const r = await fetch(`${base}api/v1/builds/${encodeURIComponent(game)}`, {
      method: 'POST',
      headers: { 'x-yomi-build': '1' },
    });
    if (r.ok) return undefined;
    const body = (await r.json()) as { error?: string };
    return body.error ?? `the server answered ${r.status}`;
  } catch (e) {
    return `the server cannot be reached (${(e as Error).message})`;
  }
}
