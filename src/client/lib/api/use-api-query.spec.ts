import { sharedRequest, shownQuery } from './use-api-query';

describe(sharedRequest.name, () => {
  it('shares one pending request per key, and asks again once it has settled', async () => {
    let calls = 0;
    let settle: (value: number) => void = () => undefined;
    const load = () => new Promise<number>((resolve) => ((calls += 1), (settle = resolve)));
    const first = sharedRequest('["policies"]', load);
    const second = sharedRequest('["policies"]', load);
    const other = sharedRequest('["account"]', () => Promise.resolve(7));
    expect(calls).toBe(1);
    settle(42);
    await expect(Promise.all([first, second, other])).resolves.toEqual([42, 42, 7]);
    void sharedRequest('["policies"]', load);
    expect(calls).toBe(2);
  });

  it('forgets a request that failed', async () => {
    await expect(sharedRequest('["x"]', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(sharedRequest('["x"]', () => Promise.resolve('up'))).resolves.toBe('up');
  });
});

describe(shownQuery.name, () => {
  const ready = { state: 'ready' as const, data: 1 };
  const failed = { state: 'failed' as const, failure: 'x' };

  it('shows the answer for the key asked', () => {
    expect(shownQuery({ id: 'a', query: ready }, 'a')).toBe(ready);
    expect(shownQuery({ id: 'a', query: failed }, 'a')).toBe(failed);
  });

  it("shows loading for a new key, or the last key's data when asked to keep it", () => {
    expect(shownQuery({ id: 'a', query: ready }, 'b')).toEqual({ state: 'loading' });
    expect(shownQuery({ id: 'a', query: ready }, 'b', true)).toBe(ready);
    expect(shownQuery({ id: 'a', query: failed }, 'b', true)).toEqual({ state: 'loading' });
  });
});
