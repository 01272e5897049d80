/**
 * The registry of built-in games: each definition under its own id, in the
 * order `yomi list` shows them, and nothing in the command line that picks a
 * game by its id (games declare what they offer on their definitions).
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DEFINITIONS, GAMES } from '../../src/games/registry.js';
import { ROOT } from '../helpers.js';

/** The string literals (and template texts) of a TypeScript source. */
function literals(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const found: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.StringLiteral || token === ts.SyntaxKind.NoSubstitutionTemplateLiteral) {
      found.push(scanner.getTokenValue());
    }
  }
  return found;
}

describe('the registry', () => {
  it('lists each definition under its own id, in the order of GAMES', () => {
    for (const [id, def] of Object.entries(DEFINITIONS)) expect(def.id).toBe(id);
    expect(GAMES.map((g) => g.id)).toEqual(Object.keys(DEFINITIONS));
    expect(new Set(GAMES.map((g) => g.id)).size).toBe(GAMES.length);
  });

  it('is the only way the command line knows a game: no game id as a string literal in src/cli', () => {
    const ids = GAMES.map((g) => g.id);
    const named = (s: string) => ids.some((id) => s === id || s.startsWith(`${id}(`));
    const cli = join(ROOT, 'src/cli');
    // The tour of `yomi demo` is a script of command lines as a person types them, naming the games it
    // shows; it picks no game's behaviour by its id.
    const files = readdirSync(cli, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && f !== join('commands', 'demo.ts'),
    );
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) =>
      literals(readFileSync(join(cli, f), 'utf8'))
        .filter(named)
        .map((s) => `${f}: '${s}'`),
    );
    expect(found).toEqual([]);
    expect(literals("if (id === 'connect4') x = `tic-tac-toe`;").filter(named)).toEqual([
      'connect4',
      'tic-tac-toe',
    ]);
  });
});
