// A vitest reporter that prints the ten slowest tests at the end of every run, so a test that is slow on
// one machine is seen before it times out on another (npm test keeps every test well under 30 s here).
import type { Reporter, TestCase } from 'vitest/node';

const SHOWN = 10;

export default class SlowestReporter implements Reporter {
  private readonly timings: { name: string; ms: number }[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const ms = testCase.diagnostic()?.duration;
    if (ms !== undefined)
      this.timings.push({ name: `${testCase.module.moduleId} > ${testCase.fullName}`, ms });
  }

  onTestRunEnd(): void {
    if (this.timings.length === 0) return;
    const root = `${process.cwd()}/`;
    const slowest = [...this.timings].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const lines = slowest.map(
      ({ name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name.replace(root, '')}`,
    );
    process.stdout.write(`\nThe ${slowest.length} slowest tests:\n${lines.join('\n')}\n`);
  }
}
