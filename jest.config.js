// Three suites, one run: unit tests beside the code, API/SSR e2e against real Postgres, and
// browser tests in Chromium. One embedded PostgreSQL serves them all (test/support).
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest'] };
const common = { transform, testEnvironment: 'node', moduleFileExtensions: ['ts', 'tsx', 'js', 'json'] };

/** @type {import('jest').Config} */
module.exports = {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/unit/**/*.spec.ts'] },
    // Starting a Nest app on its own database can take over jest's 5 s on a busy 2-core machine.
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'], slowTestThreshold: 20, testTimeout: 30_000 },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'], slowTestThreshold: 60 },
  ],
};
