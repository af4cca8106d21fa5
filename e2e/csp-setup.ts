import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './csp';

// Runs before every e2e spec file (vitest.config.ts): a test whose pages met a refusal of the
// Content-Security-Policy fails with what was refused.
afterEach(() => {
  expect(takeCspViolations().join('\n'), 'Content-Security-Policy violations in this test').toBe('');
});
