import { KEPT_PAGE_DATA_AGE_MS } from './kept-page-data';
import { KeptRenders, type RenderInputs } from './kept-renders';
import { PageCache } from './page-cache';
import type { PreloadedAnswers } from '../../shared/app-state';
import type { PageDef } from '../../shared/site-map';

const MARKER = 'nonce-marker';
const page = { id: 'profile', access: 'sign-in' } as PageDef;
const answers: PreloadedAnswers = { '["account"]': { name: 'Ann' } };
const inputs = (extra: Partial<RenderInputs> = {}): RenderInputs => ({ session: '{"userId":"u1","sessionId":"s1"}', flags: 'f1', answers, ...extra });
const html = (who: string) => `<html><script nonce="${MARKER}">${who}</script><style nonce="${MARKER}"></style></html>`;
const T0 = Date.parse('2026-11-28T19:00:00Z');

describe(KeptRenders.name, () => {
  it('serves the page again from the same inputs, its nonce filled in per answer', () => {
    const kept = new KeptRenders();
    kept.keep('/profile', inputs(), { html: html('Ann'), status: 200, page }, MARKER, T0);
    const found = kept.get('/profile', inputs(), T0 + 1_000);
    expect(PageCache.fillBytes(found!, 'N1').toString()).toBe('<html><script nonce="N1">Ann</script><style nonce="N1"></style></html>');
    expect(PageCache.fillBytes(found!, 'N2').toString()).toContain('nonce="N2"');
  });

  it('renders again for another session, other flags, another data object (a write), another URL', () => {
    const kept = new KeptRenders();
    kept.keep('/profile', inputs(), { html: html('Ann'), status: 200, page }, MARKER, T0);
    expect(kept.get('/profile', inputs({ session: '{"userId":"u2","sessionId":"s2"}' }), T0)).toBeUndefined();
    expect(kept.get('/es/profile', inputs(), T0)).toBeUndefined();
    expect(kept.get('/profile', inputs({ flags: 'f2' }), T0)).toBeUndefined();
    kept.keep('/profile', inputs(), { html: html('Ann'), status: 200, page }, MARKER, T0);
    // Equal data, another object: KeptPageData read it afresh after a write, so the page is rendered again.
    expect(kept.get('/profile', inputs({ answers: { ...answers } }), T0)).toBeUndefined();
    expect(kept.size).toBe(0);
  });

  it('renders again at the kept data’s age by the app’s clock, and when the clock is behind the render', () => {
    const kept = new KeptRenders();
    const keep = () => kept.keep('/profile', inputs(), { html: html('Ann'), status: 200, page }, MARKER, T0);
    keep();
    expect(kept.get('/profile', inputs(), T0 + KEPT_PAGE_DATA_AGE_MS - 1)).toBeDefined();
    expect(kept.get('/profile', inputs(), T0 + KEPT_PAGE_DATA_AGE_MS)).toBeUndefined();
    keep();
    expect(kept.get('/profile', inputs(), T0 - 1)).toBeUndefined();
  });

  it('drops the least recently used beyond its count or its bytes, and keeps no page larger than them all', () => {
    const kept = new KeptRenders(2, 200);
    const session = (n: number) => inputs({ session: `{"userId":"u${n}"}` });
    for (const n of [1, 2]) kept.keep('/profile', session(n), { html: html(`u${n}`), status: 200, page }, MARKER, T0);
    kept.get('/profile', session(1), T0);
    kept.keep('/profile', session(3), { html: html('u3'), status: 200, page }, MARKER, T0);
    expect([1, 2, 3].map((n) => kept.get('/profile', session(n), T0) !== undefined)).toEqual([true, false, true]);
    kept.keep('/profile', session(4), { html: html('x'.repeat(100)), status: 200, page }, MARKER, T0);
    expect(kept.size).toBe(1);
    kept.keep('/profile', session(5), { html: html('x'.repeat(300)), status: 200, page }, MARKER, T0);
    expect(kept.get('/profile', session(5), T0)).toBeUndefined();
  });
});
