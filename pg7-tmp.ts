import { connect4Live } from './bench/playground.bench.js';
import { startPlayground } from './test/web/browser.js';
const pg = await startPlayground();
try { await connect4Live(pg); } finally { await pg.close(); }
