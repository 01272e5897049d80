/**
 * The databases the page's server builds on request (`yomi serve
 * --build-dir`, src/server/builds.ts): where each build stands, and asking
 * for one. A page not served by `yomi serve`, or by one without builds, sees
 * none.
 */

import type { BuildState } from '../../../src/core/builds.js';
import { apiList } from './server-source.js';

/** Every database the server offers to build, with where its build stands ([] when it offers none). */
export function buildStates(base: string): Promise<BuildState[]> {
  return apiList<BuildState>(base, 'builds', 'builds');
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
