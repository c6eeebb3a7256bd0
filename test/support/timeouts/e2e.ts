// The default time-out of an e2e test (a test may set its own).
jest.setTimeout(30_000);
