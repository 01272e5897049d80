/**
 * `yomi demo`: a short tour whose every stop shows a command and exactly
 * what that command prints (times aside), on games small enough that the
 * whole tour is done at once.
 */

import { describe, expect, it } from 'vitest';
import { commandLine, TOUR } from '../../src/cli/commands/demo.js';
import { runCli } from '../run-cli.js';

/** Times differ from run to run. */
const timeless = (text: string) => text.replace(/\d[\d.,]*\s?ms\b/g, '<time>');

describe('yomi demo', () => {
  const demo = runCli(['demo']);

  it('prints every stop: what it shows, its command, and the output', () => {
    expect(demo.stderr).toBe('');
    expect(demo.status).toBe(0);
    TOUR.forEach((stop, i) => {
      const block = `$ ${commandLine(stop)}\n${timeless(stop.output())}\n`;
      expect(timeless(demo.stdout)).toContain(block);
      expect(demo.stdout).toContain(`\n${i + 1}. `);
    });
    expect(demo.stdout).toMatch(/Where to go next:\n {2}yomi play tic-tac-toe/);
  });

  it("shows each command's real output", () => {
    for (const stop of TOUR) {
      const r = runCli(stop.args, stop.stdin);
      expect(r.stderr, commandLine(stop)).toBe('');
      expect(timeless(r.stdout), commandLine(stop)).toBe(`${timeless(stop.output())}\n`);
    }
  });

  it('writes each command so that a shell runs it as shown', () => {
    expect(TOUR.map(commandLine)).toContain("printf '2 4\\n2 3\\n' | yomi solve edpc-k");
    expect(TOUR.map(commandLine)).toContain("yomi grundy 0.77 --heaps '3 5 7'");
  });
});
