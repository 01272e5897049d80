/**
 * Nothing a solution file or a tier directory records names code to run: a
 * file whose header names a module (as its game, as a built-in id, or as a
 * module with that module's own SHA-256) is refused with one line by `yomi
 * query`, `yomi analyze --db` and `yomi serve --db` before the module runs,
 * and so is a tier directory whose manifest names one. A file of a user's
 * module travels: it is opened with the module given on the command line
 * (`--game FILE`, wherever it lives), checked against the recorded SHA-256.
 * Files that are no regular files (a FIFO, a device, /proc/self/mem, a
 * folder where a tier file goes) are one line, not a wait or a stack trace.
 */

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectUserError, runCli } from '../run-cli.js';
import { forged } from './forge.js';

const dir = mkdtempSync(join(tmpdir(), 'yomi-recorded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const marker = join(dir, 'EVIL-RAN');
const evil = join(dir, 'evil.mjs');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A solution file's header and what follows it. */
function split(bytes: Buffer): { header: Record<string, unknown>; rest: Buffer } {
  const length = bytes.readUInt32LE(12);
  return {
    header: JSON.parse(bytes.subarray(48, 48 + length).toString('utf8')),
    rest: bytes.subarray(48 + length),
  };
}

/** The file at `from` with its header changed by `change`, every checksum valid, written to `to`. */
function reheader(
  from: string,
  to: string,
  change: (h: Record<string, unknown>) => Record<string, unknown>,
): string {
  const { header, rest } = split(readFileSync(from));
  writeFileSync(to, forged(change(header), [rest]));
  return to;
}

const walk = `// A walk down from 9 to 0, one or two steps; whoever cannot move loses.
export default {
  kind: 'indexed', id: 'walk', size: 10, start: 9, maxMoves: 2,
  children(p, out) { let n = 0; if (p >= 1) out[n++] = p - 1; if (p >= 2) out[n++] = p - 2; return n; },
  primitive: () => -1,
};
`;

let ttt: string;
let tiers: string;

beforeAll(() => {
  writeFileSync(
    evil,
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default {};\n`,
  );
  ttt = join(dir, 'ttt.yomi');
  expect(runCli(['solve', 'tic-tac-toe', '--save', ttt]).status).toBe(0);
  tiers = join(dir, 'dodgem3');
  expect(runCli(['solve', 'dodgem(size=3)', '--save', tiers, '--threads', '1']).status).toBe(0);
});

describe('a crafted file names no code to run', () => {
  it('refuses a solution file whose header names a module, in query, analyze --db and serve --db', () => {
    const evilSha = sha(readFileSync(evil));
    const files = [
      reheader(ttt, join(dir, 'game.yomi'), (h) => ({ ...h, game: evil })),
      reheader(ttt, join(dir, 'builtin.yomi'), (h) => ({
        ...h,
        game: evil,
        source: { kind: 'builtin', id: evil, params: {}, rules: 1 },
      })),
      reheader(ttt, join(dir, 'module.yomi'), (h) => ({
        ...h,
        game: evil,
        source: { kind: 'module', path: evil, sha256: evilSha },
      })),
    ];
    // The header's game is a label only: its source says tic-tac-toe, which is what is opened.
    expect(runCli(['query', files[0]]).stdout).toBe('tie in 9\n');
    const lines = [
      /records the game '.*evil\.mjs', which is no built-in game of this yomi/,
      /holds the solution of a user's module \(.*evil\.mjs when it was solved, SHA-256 [0-9a-f]{12}…\); a file never names code to run: give the module with --game FILE/,
    ];
    files.slice(1).forEach((file, i) => {
      for (const args of [
        ['query', file],
        ['analyze', '--db', file],
        ['serve', '--port', '0', '--db', file],
      ]) {
        expectUserError(
          runCli(args),
          i === 1 && args[0] === 'analyze' ? /give the module with the game argument/ : lines[i],
        );
      }
    });
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a tier directory whose manifest names a module', () => {
    const crafted = join(dir, 'crafted-tiers');
    mkdirSync(crafted);
    for (const f of readdirSync(tiers)) copyFileSync(join(tiers, f), join(crafted, f));
    const path = join(crafted, 'manifest.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    const evilSha = sha(readFileSync(evil));
    for (const source of [
      { kind: 'builtin', id: evil, params: {}, rules: 1 },
      { kind: 'module', path: evil, sha256: evilSha },
    ]) {
      const header = { ...manifest.header, game: evil, source };
      writeFileSync(path, JSON.stringify({ ...manifest, game: evil, header }));
      expectUserError(runCli(['query', crafted]), /no built-in game|give the module with --game FILE/);
      expectUserError(
        runCli(['analyze', '--db', crafted]),
        /no built-in game|give the module with the game argument/,
      );
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe("a file of a user's module travels", () => {
  it('opens it with the module given (--game FILE) wherever it lives, checked against its SHA-256', () => {
    const home = join(dir, 'home');
    mkdirSync(home);
    writeFileSync(join(home, 'walk.mjs'), walk);
    const saved = join(home, 'walk.yomi');
    const r = runCli(['solve', join(home, 'walk.mjs'), '--save', saved]);
    expect(r.status, r.stderr).toBe(0);
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'copy.mjs'), walk);
    expect(runCli(['query', saved, '--game', join(elsewhere, 'copy.mjs')]).stdout).toBe(r.stdout);
    expect(runCli(['analyze', join(elsewhere, 'copy.mjs'), '--db', saved]).status).toBe(0);
    expectUserError(runCli(['query', saved]), /give the module with --game FILE/);
    writeFileSync(join(elsewhere, 'changed.mjs'), walk.replace('from 9', 'from  9'));
    expectUserError(
      runCli(['query', saved, '--game', join(elsewhere, 'changed.mjs')]),
      /was solved from a module with SHA-256 [0-9a-f]{12}… \(.*walk\.mjs when it was solved\), and .*changed\.mjs has SHA-256 [0-9a-f]{12}…: give the module it was solved from, or solve again/,
    );
    expectUserError(
      runCli(['query', saved, '--game', 'tic-tac-toe']),
      /holds the solution of a user's module/,
    );
    expectUserError(
      runCli(['query', ttt, '--game', join(elsewhere, 'copy.mjs')]),
      /holds the solution of the built-in game tic-tac-toe, not of the module/,
    );
  });
});

describe('files that are not regular files are one line', () => {
  it('a FIFO, /dev/zero, /proc/self/mem and a folder where a tier file goes', () => {
    const fifo = join(dir, 'fifo.yomi');
    execFileSync('mkfifo', [fifo]);
    expectUserError(runCli(['query', fifo]), /cannot read .*fifo\.yomi: it is not a regular file/);
    expectUserError(runCli(['query', '/dev/zero']), /cannot read \/dev\/zero: it is not a regular file/);
    expectUserError(runCli(['analyze', '--db', '/proc/self/mem']), /\/proc\/self\/mem/);
    const linked = join(dir, 'linked-manifest');
    mkdirSync(linked);
    symlinkSync('/dev/zero', join(linked, 'manifest.json'));
    expectUserError(runCli(['query', linked]), /manifest\.json: it is not a regular file/);
    const folderTier = join(dir, 'folder-tier');
    mkdirSync(folderTier);
    for (const f of readdirSync(tiers)) copyFileSync(join(tiers, f), join(folderTier, f));
    for (const tierFile of readdirSync(folderTier).filter((f) => f.startsWith('tier-'))) {
      rmSync(join(folderTier, tierFile));
      mkdirSync(join(folderTier, tierFile));
    }
    expectUserError(runCli(['query', folderTier]), /it is a folder/);
  });
});
