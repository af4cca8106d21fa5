// A vitest reporter that names every test that passed only when run again (the e2e tier's `retry`
// under CI, vitest.config.ts): a line `RETRIED <file> > <test> (n)` each, which npm test repeats after
// its summary (scripts/test.mjs), so a journey that failed once is never a silent pass.
import path from 'node:path';

export default class RetriedTestsReporter {
  retried = [];

  onTestCaseResult(testCase) {
    const { retryCount } = testCase.diagnostic() ?? {};
    if (!retryCount) return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    const outcome = testCase.result().state === 'passed' ? 'passed on retry' : 'failed every time';
    this.retried.push(`RETRIED ${file} > ${testCase.fullName} (${retryCount} retry, ${outcome})`);
  }

  onTestRunEnd() {
    if (this.retried.length) process.stdout.write(`\n${this.retried.join('\n')}\n`);
  }
}
