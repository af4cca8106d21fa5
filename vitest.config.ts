import { defineConfig } from 'vitest/config';

// Three tiers (docs/architecture.md convention 9): colocated unit tests, integration tests through
// app.inject against a real PostgreSQL, and end-to-end tests in Debian's Chromium.
export default defineConfig({
  test: {
    // Each test run again names itself after the run (RETRIED lines), passed or not.
    reporters: ['default', './scripts/retried-tests-reporter.mjs'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/src/**/*.int.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          // A guard against a hang, not a speed target: the longest tests (reminders and mails racing on
          // two pools, PDFs rendered for each ticket mail) take 20-25 s beside the browser lane here and
          // would pass 30 s on a machine half as fast (docs/decisions/0056-suite-timeouts.md).
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/csp-setup.ts'],
          // A guard against a hang, not a speed target: beside the integration lane on CI's two cores
          // a journey runs up to three times slower than alone (docs/decisions/0054-a-lighter-request.md).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Under CI, a journey that fails is run once more: two stops' CI each failed on one e2e
          // test that passed on every other run. It is still named (RETRIED) at the end of the log.
          retry: process.env.CI ? 1 : 0,
          fileParallelism: false,
        },
      },
    ],
  },
});
