/**
 * Runs once before any test file: builds the playground when it is not up to
 * date, so that the browser tests, which run side by side, never build it at
 * the same time (a build empties dist/web while another file serves it).
 */

import { ensurePlayground } from './web/browser.js';

export default async function setup(): Promise<void> {
  await ensurePlayground();
}
