import { createLogger, logRouting, MESSAGES_PER_MINUTE_PER_LEVEL, type LogEntry } from './logger';

describe(createLogger.name, () => {
  const errors: LogEntry[] = [];
  const logs: LogEntry[] = [];

  beforeAll(() => {
    Object.defineProperty(globalThis, 'window', { value: { location: { pathname: '/quote', search: '?step=2' } }, configurable: true });
    logRouting.setConsoleEcho(() => false);
    logRouting.setBrowserLogging({ write: (entry) => logs.push(entry) });
  });

  afterAll(() => Reflect.deleteProperty(globalThis, 'window'));

  beforeEach(() => {
    errors.length = 0;
    logs.length = 0;
  });

  it('sends every message to both services, tagged, with a correlation id and the signed-in user', () => {
    logRouting.setErrorReporting({ write: (entry) => errors.push(entry) });
    logRouting.setUser({ userId: 'u-1', userEmail: 'jane@example.com' });
    const failure = new Error('boom');
    createLogger('quote').error('step failed', { error: failure, step: 2 });
    expect(logs).toHaveLength(1);
    expect(errors).toEqual(logs);
    expect(logs[0]).toMatchObject({
      level: 'error',
      tag: 'quote',
      message: '[quote] step failed',
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: 'u-1',
      userEmail: 'jane@example.com',
      url: '/quote?step=2',
      details: { step: 2 },
      error: { name: 'Error', message: 'boom' },
      thrown: failure,
    });
  });

  it('keeps messages for error reporting until it is decided, then hands them over or drops them', () => {
    logRouting.setErrorReporting('pending');
    createLogger('a').warn('first');
    logRouting.setErrorReporting({ write: (entry) => errors.push(entry) });
    expect(errors.map((e) => e.message)).toEqual(['[a] first']);
    logRouting.setErrorReporting('pending');
    createLogger('a').warn('second');
    logRouting.setErrorReporting('off');
    createLogger('a').warn('third');
    expect(errors.map((e) => e.message)).toEqual(['[a] first']);
    expect(logs.map((e) => e.message)).toEqual(['[a] first', '[a] second', '[a] third']);
  });

  it('drops what goes beyond 3000 messages a minute of one level', () => {
    logRouting.setErrorReporting('off');
    const log = createLogger('flood');
    for (let i = 0; i < MESSAGES_PER_MINUTE_PER_LEVEL + 10; i += 1) log.debug('x');
    log.info('still here');
    expect(logs.filter((e) => e.level === 'debug').length).toBeLessThanOrEqual(MESSAGES_PER_MINUTE_PER_LEVEL);
    expect(logs.at(-1)?.message).toBe('[flood] still here');
  });
});
