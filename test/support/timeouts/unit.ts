// The default time-out of a unit test (a test may set its own): a hang fails, a busy machine does
// not. Documents' specs read their PDFs in a child Node process each (pdf-text.ts), near jest's
// 5 s default on a loaded 2-core machine.
jest.setTimeout(20_000);
