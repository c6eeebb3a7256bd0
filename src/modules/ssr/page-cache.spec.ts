import { PageCache } from './page-cache';
import type { PageDef } from '../../shared/site-map';

const page = { id: 'home', path: '/', access: 'open', header: 'full', footer: 'full' } as PageDef;
const MARKER = 'nonce-marker-0123';

describe('PageCache', () => {
  it('fills the nonce in as the text would have it, whatever the characters around it', () => {
    const html = `<html lang="es"><script nonce="${MARKER}">¿Cuánto — 12 €?</script><style nonce="${MARKER}">a{}</style>“fin” 🚗</html>`;
    const cached = new PageCache().set('/es', { html, status: 200, page }, MARKER);
    const nonce = 'AbC+/dEf0123456789xyzQ==';
    expect(PageCache.fillBytes(cached, nonce).toString('utf8')).toBe(html.split(MARKER).join(nonce));
    expect(PageCache.byteLength(cached, nonce)).toBe(Buffer.byteLength(html.split(MARKER).join(nonce)));
  });

  it('a page without the marker is its own bytes', () => {
    const cached = new PageCache().set('/', { html: 'ñ', status: 404, page }, MARKER);
    expect(PageCache.fillBytes(cached, 'x')).toEqual(Buffer.from('ñ'));
  });
});
