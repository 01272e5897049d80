/**
 * Every shared case of every built-in problem (each folder of
 * `shared/problems/tests/`) through the real `yomi solve <id>` on stdin: the
 * exact expected text on stdout, nothing on stderr, exit code 0. A problem
 * added to the shared cases is covered here without a new test.
 */

import { describe, expect, it } from 'vitest';
import { problemCases, problemIds } from '../helpers.js';
import { runCli } from '../run-cli.js';

describe.each(problemIds())('yomi solve %s', (id) => {
  for (const c of problemCases(id)) {
    it(c.name, () => {
      const r = runCli(['solve', id], c.input);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(c.expected);
      expect(r.status).toBe(0);
    });
  }
});
