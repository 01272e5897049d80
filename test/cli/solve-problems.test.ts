/**
 * Every case of every built-in problem (each `problems/<id>/tests/`) through
 * the real `yomi solve <id>` on stdin: the exact expected text on stdout,
 * nothing on stderr, exit code 0. A problem or a case added there is covered
 * without a new test. Extra cases from a folder beside the checkout run too
 * when it exists (test/helpers.ts).
 */

import { describe, expect, it } from 'vitest';
import { extraProblemCases, problemCases, problemIds } from '../helpers.js';
import { runCli } from '../run-cli.js';

describe.each(problemIds())('yomi solve %s', (id) => {
  for (const c of [...problemCases(id), ...extraProblemCases(id)]) {
    it(c.name, () => {
      const r = runCli(['solve', id], c.input);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(c.expected);
      expect(r.status).toBe(0);
    });
  }
});
