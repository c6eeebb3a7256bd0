import { firstPartyLogSink, LOG_BATCH } from './first-party-logs';
import type { LogEntry } from './logger';

const entry = (message: string, level: LogEntry['level'] = 'info'): LogEntry => ({
  level,
  tag: 'test',
  message: `[test] ${message}`,
  time: '2026-11-22T10:00:00.000Z',
  correlationId: '0a1b2c3d-0000-4000-8000-000000000000',
  url: '/quote',
});

describe(firstPartyLogSink.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends a batch 30 s after the first message when it never fills', async () => {
    const sent: string[] = [];
    const sut = firstPartyLogSink(async (body) => (sent.push(body), 'sent'));
    sut.write(entry('one'));
    sut.write(entry('two'));
    jest.advanceTimersByTime(LOG_BATCH.flushMs - 1);
    expect(sent).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]).logs.map((l: { message: string }) => l.message)).toEqual(['[test] one', '[test] two']);
  });

  it('sends at once when 50 messages are waiting', () => {
    const sent: string[] = [];
    const sut = firstPartyLogSink(async (body) => (sent.push(body), 'sent'));
    for (let i = 0; i < 50; i += 1) sut.write(entry(`m${i}`));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]).logs).toHaveLength(50);
  });

  it('never sends a batch of more than 16384 bytes', () => {
    const sent: string[] = [];
    const sut = firstPartyLogSink(async (body) => (sent.push(body), 'sent'));
    for (let i = 0; i < 20; i += 1) sut.write(entry('x'.repeat(1900)));
    sut.flush();
    expect(sent.length).toBeGreaterThan(1);
    for (const body of sent) expect(Buffer.byteLength(body)).toBeLessThanOrEqual(LOG_BATCH.bytes);
    expect(sent.flatMap((body) => JSON.parse(body).logs)).toHaveLength(20);
  });

  it('keeps a batch that could not be sent and sends it with the next one', async () => {
    const sent: string[] = [];
    let outcome: 'retry' | 'sent' = 'retry';
    const sut = firstPartyLogSink(async (body) => (sent.push(body), outcome));
    sut.write(entry('lost for now'));
    sut.flush();
    await Promise.resolve();
    await Promise.resolve();
    outcome = 'sent';
    sut.write(entry('next'));
    sut.flush();
    expect(sent).toHaveLength(3);
    expect(sent[1]).toBe(sent[0]);
  });
});
