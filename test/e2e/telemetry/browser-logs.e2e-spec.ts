import { randomUUID } from 'node:crypto';
import { freePort } from '../../support/free-port';
import { startServerProcess, stopServer, waitForOk, type ServerProcess } from '../../support/server-process';
import { serverEnvOn } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

const entry = (overrides: Record<string, unknown> = {}) => ({
  level: 'warn',
  tag: 'auth',
  message: '[auth] failed',
  time: new Date().toISOString(),
  correlationId: randomUUID(),
  userId: randomUUID(),
  userEmail: 'jane@example.com',
  url: '/login?code=secret123',
  details: { status: 401, pan: 4242424242424242 },
  ...overrides,
});

describe('POST /api/logs (browser logging without a vendor)', () => {
  jest.setTimeout(90_000);
  let server: ServerProcess;
  let database: { url: string; drop(): Promise<void> };
  let url: string;

  // The built server in a process of its own, so its log (pino on stdout) can be read.
  beforeAll(async () => {
    database = await createTestDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = startServerProcess({
      ...serverEnvOn(port, database.url),
      APP_ENV: 'STAGING',
      LOG_LEVEL: 'debug',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    await waitForOk(`${url}/api/health`, 60_000, server);
  });

  afterAll(async () => {
    await stopServer(server);
    await database.drop();
  });

  const post = (body: string) => fetch(`${url}/api/logs`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body });
  const browserLines = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"context":"Browser"'))
      .map((line) => JSON.parse(line));

  it('writes each message at its level with the tag, correlation id and user, secrets redacted', async () => {
    const logs = [
      entry(),
      entry({
        level: 'error',
        tag: 'render',
        message: '[render] page failed to render',
        error: { name: 'TypeError', message: 'x is undefined', stack: 'at Quote (card 4000 0000 0000 0002)' },
      }),
    ];
    const res = await post(JSON.stringify({ logs }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, payload: { written: 2 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = browserLines();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: '[auth] failed',
      browser: {
        tag: 'auth',
        correlationId: logs[0].correlationId,
        userId: logs[0].userId,
        userEmail: 'jane@example.com',
        url: '/login?code=%5Bredacted%5D',
        details: { status: 401, pan: '[redacted]' },
      },
    });
    expect(lines[1]).toMatchObject({
      level: 50,
      msg: '[render] page failed to render',
      browser: { error: { name: 'TypeError', stack: 'at Quote (card [redacted])' } },
    });
  });

  it.each([
    ['malformed JSON', '{"logs": [', 400],
    ['an oversized batch (51 messages)', JSON.stringify({ logs: Array.from({ length: 51 }, () => entry({ details: undefined, userEmail: undefined })) }), 400],
    ['more than 16384 bytes', JSON.stringify({ logs: Array.from({ length: 10 }, () => entry({ message: 'y'.repeat(1900) })) }), 413],
    ['an unknown level', JSON.stringify({ logs: [entry({ level: 'fatal' })] }), 400],
    ['a message that is not a string', JSON.stringify({ logs: [entry({ message: { text: 'hi' } })] }), 400],
    ['a tag with spaces', JSON.stringify({ logs: [entry({ tag: 'not a tag' })] }), 400],
    ['logs not a list', JSON.stringify({ logs: entry() }), 400],
  ])('refuses %s with a clear 4xx and writes nothing', async (_case, body, status) => {
    const before = browserLines().length;
    const res = await post(body);
    expect(res.status).toBe(status);
    const answer = await res.json();
    expect(answer.success).toBe(false);
    expect(answer.error.message).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(browserLines()).toHaveLength(before);
  });
});
