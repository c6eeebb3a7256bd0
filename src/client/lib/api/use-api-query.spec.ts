import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PreloadedAnswersProvider, sharedRequest, shownQuery, useApiQuery } from './use-api-query';

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

describe(useApiQuery.name, () => {
  /** What a component shows of its query, rendered as the server renders a page. */
  function Shown({ id, load }: { id: string; load: () => Promise<{ ok: true; value: string }> }) {
    const query = useApiQuery(['account', id], load);
    return createElement('p', null, query.state === 'ready' ? `ready ${query.data}` : query.state);
  }

  it('starts ready with the answer the server preloaded for its key, and does not load it', () => {
    const load = jest.fn(() => Promise.resolve({ ok: true as const, value: 'loaded' }));
    const answers = { [JSON.stringify(['account', 'a'])]: 'preloaded a' };
    const html = renderToString(
      createElement(PreloadedAnswersProvider, {
        answers,
        children: [createElement(Shown, { key: 'a', id: 'a', load }), createElement(Shown, { key: 'b', id: 'b', load })],
      }),
    );
    expect(html).toBe('<p>ready preloaded a</p><p>loading</p>');
    expect(load).not.toHaveBeenCalled();
  });

  it('starts loading without preloaded answers (an open page, a page with none)', () => {
    const load = () => Promise.resolve({ ok: true as const, value: 'x' });
    expect(renderToString(createElement(Shown, { id: 'a', load }))).toBe('<p>loading</p>');
    expect(renderToString(createElement(PreloadedAnswersProvider, { answers: undefined, children: createElement(Shown, { id: 'a', load }) }))).toBe(
      '<p>loading</p>',
    );
  });
});
