// Three suites, one run: unit tests beside the code, API/SSR e2e against real Postgres, and
// browser tests in Chromium. One embedded PostgreSQL serves them all (test/support).
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest'] };
const common = { transform, testEnvironment: 'node', moduleFileExtensions: ['ts', 'tsx', 'js', 'json'] };

/** @type {import('jest').Config} */
module.exports = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Three files at once on CI's two cores: the suites' own seconds added up to the run's twice over
  // (two workers always busy), yet the cores were idle a quarter of the time (38 min wall, 58 of 76
  // core-minutes used): a file waits on a browser, a mail, a timer. The third fills those waits.
  // A fourth was tried (session 22): the fresh-clone run took as long (35.4 min against 35.2),
  // every file slower by what the fourth added: the run is bound by the cores, not by waits.
  maxWorkers: 3,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.cjs'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/unit/**/*.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/timeouts/unit.ts'],
    },
    // A busy 2-core CI machine can take seconds over a test that is quick here: time-outs are for
    // hangs, not for speed (speed is measured by npm run bench).
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      slowTestThreshold: 20,
      setupFilesAfterEnv: ['<rootDir>/test/support/timeouts/e2e.ts'],
      testEnvironment: '<rootDir>/test/support/quiet-server-logs.ts',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      slowTestThreshold: 60,
      setupFilesAfterEnv: ['<rootDir>/test/support/timeouts/browser.ts'],
      testEnvironment: '<rootDir>/test/support/quiet-server-logs.ts',
    },
  ],
};
