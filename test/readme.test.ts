/**
 * The README's examples, those of docs/boardgame-io.md (a tutorial a
 * newcomer follows command by command) and of docs/writing-a-game.md's
 * chapter on games from a board layout, run as a reader would: every `console` block's
 * `$ ` commands go through a shell with `yomi` on the PATH (the built CLI),
 * in one scratch directory per run that sees the repository's `examples/`
 * and `problems/`, block after block (a file one block saves, the next one
 * reads). Each command's output must be what the README shows, up to
 * timings, rates and thread counts (machine-dependent) and the folding of
 * whitespace; a line `...` ends what is compared. A block preceded by
 * `<!-- not run: REASON -->` is not run (minutes of solving, an
 * interactive session, a benchmark); the reason must be given.
 */

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_LIMIT, ROOT } from './helpers.js';

interface Example {
  command: string;
  expected: string;
  line: number;
}

interface ConsoleBlock {
  line: number;
  examples: Example[];
  skip?: string;
}

/** The README's `console` blocks, each split into commands and the output shown after them. */
function consoleBlocks(markdown: string): ConsoleBlock[] {
  const lines = markdown.split('\n');
  const blocks: ConsoleBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```console') continue;
    const start = i;
    let before = start - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const skip = /^<!-- not run: (.+) -->$/.exec(lines[before] ?? '')?.[1];
    const examples: Example[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) {
      if (lines[i].startsWith('$ ')) examples.push({ command: lines[i].slice(2), expected: '', line: i + 1 });
      else if (examples.length > 0) examples[examples.length - 1].expected += `${lines[i]}\n`;
    }
    blocks.push({ line: start + 1, examples, skip });
  }
  return blocks;
}

/** Output as compared: timings and rates stood for by a mark, whitespace folded as in the README's JSON. */
function normalise(text: string): string {
  return (
    text
      .replace(/"ms": [\d.]+/g, '"ms": <time>')
      .replace(/\d[\d,.]*\s?(µs|ms|s|min)\b/g, '<time>')
      .replace(/\d[\d,.]*\s?(k\/s|nodes\/s|positions\/s)/g, '<rate>')
      // Threads default to the machine's cores.
      .replace(/\b\d+ threads?\b/g, '<n> threads')
      .replace(/\s+/g, ' ')
      .replace(/([[{]) /g, '$1')
      .replace(/ ([\]}])/g, '$1')
      .trim()
  );
}

/** The output up to a line `...`, if the README elides the rest. */
function shown(expected: string): { text: string; elided: boolean } {
  const cut = expected.split('\n').findIndex((l) => l.trim() === '...');
  if (cut < 0) return { text: expected, elided: false };
  return { text: expected.split('\n').slice(0, cut).join('\n'), elided: true };
}

/** The documents whose examples are run. */
const DOCUMENTS = ['README.md', 'docs/boardgame-io.md'];
const scratch = mkdtempSync(join(tmpdir(), 'yomi-readme-'));
const bin = join(scratch, '.bin');

function setUp(): void {
  execFileSync('mkdir', ['-p', bin]);
  writeFileSync(
    join(bin, 'yomi'),
    `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin/yomi.js')}" "$@"\n`,
  );
  chmodSync(join(bin, 'yomi'), 0o755);
  for (const dir of ['examples', 'problems', 'node_modules'])
    symlinkSync(join(ROOT, dir), join(scratch, dir));
}
setUp();
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(command: string): string {
  try {
    return execFileSync('bash', ['-c', `exec 2>&1\n${command}`], {
      cwd: scratch,
      encoding: 'utf8',
      ...CHILD_LIMIT,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (e) {
    // A command whose example shows a refusal exits 2; its output is what counts.
    return (e as { stdout?: string }).stdout ?? String(e);
  }
}

describe.each(DOCUMENTS)('%s', (document) => {
  const blocks = consoleBlocks(readFileSync(join(ROOT, document), 'utf8'));

  it('has examples, and every block not run says why', () => {
    expect(blocks.length).toBeGreaterThan(document === 'README.md' ? 10 : 3);
    for (const b of blocks) expect(b.examples.length, `${document}:${b.line}`).toBeGreaterThan(0);
  });
  runBlocks(document, blocks);
});

/** The examples of docs/writing-a-game.md's chapter on games from a board layout (the earlier chapters show code, not output to compare). */
const guide = readFileSync(join(ROOT, 'docs/writing-a-game.md'), 'utf8');
const chapter = guide.indexOf('## 6. From rules to 10^8 positions');
const chapterLine = guide.slice(0, chapter).split('\n').length - 1;
const chapterBlocks = consoleBlocks(guide.slice(chapter, guide.indexOf('\n## ', chapter + 1))).map((b) => ({
  ...b,
  line: b.line + chapterLine,
  examples: b.examples.map((e) => ({ ...e, line: e.line + chapterLine })),
}));

describe('docs/writing-a-game.md, from rules to 10^8 positions', () => {
  it('has examples', () => expect(chapterBlocks.length).toBeGreaterThan(0));
  runBlocks('docs/writing-a-game.md', chapterBlocks);
});

/** Runs each block's commands in turn, comparing their output with the document's. */
function runBlocks(file: string, list: ConsoleBlock[]): void {
  for (const block of list.filter((b) => b.skip === undefined)) {
    it(`${file}:${block.line}: ${block.examples.map((e) => e.command).join(' · ')}`, () => {
      for (const example of block.examples) {
        const { text, elided } = shown(example.expected);
        const actual = normalise(run(example.command));
        const expected = normalise(text);
        const where = `${file}:${example.line}: $ ${example.command}`;
        if (elided) expect(actual.startsWith(expected), `${where}\n${actual}`).toBe(true);
        else expect(actual, where).toBe(expected);
      }
    });
  }
}
