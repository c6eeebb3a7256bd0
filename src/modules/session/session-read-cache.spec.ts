import { KEPT_SESSION_MAX_AGE_MS, LISTENER_FRESH_MS, SessionReadCache } from './session-read-cache';
import type { SessionData } from 'express-session';

const WALL = Date.parse('2026-11-28T12:00:00Z');
const session = (userId: string) => ({ cookie: { originalMaxAge: 1_800_000 }, userId }) as unknown as SessionData;
const later = new Date(WALL + 30 * 60_000);

describe(SessionReadCache.name, () => {
  let clock: number;
  let cache: SessionReadCache;

  beforeEach(() => {
    clock = 1_000;
    cache = new SessionReadCache(() => clock);
    cache.listenerUp();
  });

  const keepNow = (sid: string, userId = 'u1') => cache.keep(sid, session(userId), later, cache.mark());

  it('serves a kept read as a new object each time, equal to what was read', () => {
    keepNow('a');
    const first = cache.read('a', WALL)!;
    const second = cache.read('a', WALL)!;
    expect(first.session).toEqual(session('u1'));
    expect(first.session).not.toBe(second.session);
    expect(first.expire).toEqual(later);
  });

  it('keeps nothing while the listener is off, and forgets all when it goes down or comes back', () => {
    keepNow('a');
    cache.listenerDown();
    expect(cache.read('a', WALL)).toBeUndefined();
    keepNow('b');
    expect(cache.size).toBe(0);
    cache.listenerUp();
    expect(cache.read('a', WALL)).toBeUndefined();
    keepNow('c');
    expect(cache.read('c', WALL)).toBeDefined();
  });

  it('stops serving when the listener has not been heard from within LISTENER_FRESH_MS, and serves again once it is', () => {
    keepNow('a');
    clock += LISTENER_FRESH_MS - 1;
    expect(cache.read('a', WALL)).toBeDefined();
    clock += 1;
    expect(cache.read('a', WALL)).toBeUndefined();
    keepNow('b');
    cache.heard();
    expect(cache.read('b', WALL)).toBeUndefined();
    keepNow('b');
    expect(cache.read('b', WALL)).toBeDefined();
  });

  it('forgets a session whose row changed, and does not keep a read that began before a change', () => {
    keepNow('a');
    cache.forget('a');
    expect(cache.read('a', WALL)).toBeUndefined();
    const mark = cache.mark();
    cache.forget('someone-else');
    cache.keep('a', session('u1'), later, mark);
    expect(cache.read('a', WALL)).toBeUndefined();
    cache.forgetAll();
    keepNow('a');
    expect(cache.read('a', WALL)).toBeDefined();
  });

  it('serves no read past its row’s expiry or older than KEPT_SESSION_MAX_AGE_MS, and none without an expiry', () => {
    keepNow('a');
    expect(cache.read('a', later.getTime() + 1)).toBeUndefined();
    keepNow('b');
    for (let waited = 0; waited < KEPT_SESSION_MAX_AGE_MS; waited += 1_000) {
      clock += 1_000;
      cache.heard();
    }
    expect(cache.read('b', WALL)).toBeUndefined();
    cache.keep('c', session('u1'), null, cache.mark());
    expect(cache.read('c', WALL)).toBeUndefined();
  });

  it('calls its first-read hook once, at the first read asked of it', () => {
    const fresh = new SessionReadCache(() => clock);
    const start = jest.fn();
    fresh.whenFirstRead(start);
    expect(start).not.toHaveBeenCalled();
    expect(fresh.read('a', WALL)).toBeUndefined();
    fresh.read('a', WALL);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
