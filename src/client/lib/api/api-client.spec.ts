/**
 * @jest-environment node
 */
import { api, ApiError, READ_RETRY_PAUSES_MS, READ_RETRY_SPREAD, readRetryPauseMs } from './api-client';
import { CancelError } from './request';

const ok = (payload: unknown) => new Response(JSON.stringify({ success: true, payload }), { headers: { 'content-type': 'application/json' } });
const unavailable = () =>
  new Response(JSON.stringify({ success: false, error: { message: 'busy', code: 'SERVICE_UNAVAILABLE' } }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '5' },
  });

describe('api: a read answered 503 is asked again', () => {
  let answers: Array<() => Response>;
  let calls: string[];

  beforeEach(() => {
    jest.useFakeTimers();
    calls = [];
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url instanceof Request ? url.url : url.toString()}`);
      const next = answers.shift();
      if (!next) throw new Error('no answer left');
      return next();
    }) as typeof fetch;
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  /** Runs the call with the clock moved through every pause; its failure is held from the start, so none goes unhandled. */
  async function settle<T>(call: Promise<T>): Promise<T> {
    const held = call.then(
      (value) => () => value,
      (error: unknown) => () => {
        throw error;
      },
    );
    const total = READ_RETRY_PAUSES_MS.reduce((sum, ms) => sum + ms * (1 + READ_RETRY_SPREAD), 0);
    await jest.advanceTimersByTimeAsync(total + 1);
    return (await held)();
  }

  it('gives the value of a later attempt when the first read met a busy database', async () => {
    answers = [unavailable, unavailable, () => ok({ members: [] })];
    await expect(settle(api('/household'))).resolves.toEqual({ members: [] });
    expect(calls).toEqual(['GET /api/household', 'GET /api/household', 'GET /api/household']);
  });

  it('waits the first pause before asking again, not at once', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    answers = [unavailable, () => ok(1)];
    const call = api('/household');
    await jest.advanceTimersByTimeAsync(READ_RETRY_PAUSES_MS[0] - 1);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('throws the 503 after three attempts', async () => {
    answers = [unavailable, unavailable, unavailable, () => ok('never')];
    const failure = settle(api('/household')).catch((e: unknown) => e);
    const thrown = await failure;
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(503);
    expect((thrown as ApiError).retryAfterSeconds).toBe(5);
    expect(calls).toHaveLength(3);
  });

  it('never asks a write again: its outcome after a 503 is the caller’s to decide', async () => {
    answers = [unavailable, () => ok('twice')];
    const thrown = await settle(api('/policies/p/household', { method: 'POST', body: {} })).catch((e: unknown) => e);
    expect((thrown as ApiError).status).toBe(503);
    expect(calls).toEqual(['POST /api/policies/p/household']);
  });

  it('does not ask again after another failure (a 500, a 404)', async () => {
    const answer = (status: number) => () => new Response(JSON.stringify({ success: false, error: { message: 'x', code: 'NOT_FOUND' } }), { status });
    for (const status of [500, 404]) {
      calls.length = 0;
      answers = [answer(status), () => ok('no')];
      const thrown = await settle(api('/household')).catch((e: unknown) => e);
      expect((thrown as ApiError).status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });

  it('stops waiting when the caller aborts during a pause', async () => {
    answers = [unavailable, () => ok('late')];
    const controller = new AbortController();
    const call = api('/household', { signal: controller.signal }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await call).toBeInstanceOf(CancelError);
    await jest.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
  });

  it('spreads each pause over ±25 % of its base, so pages that failed together do not ask again together', () => {
    expect(readRetryPauseMs(400, () => 0)).toBe(300);
    expect(readRetryPauseMs(400, () => 0.5)).toBe(400);
    expect(readRetryPauseMs(400, () => 0.999)).toBe(500);
    expect(new Set([0.1, 0.4, 0.7].map((r) => readRetryPauseMs(1500, () => r))).size).toBe(3);
  });
});
