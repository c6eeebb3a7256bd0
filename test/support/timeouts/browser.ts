// The default time-out of a browser test (a test may set its own).
jest.setTimeout(120_000);
