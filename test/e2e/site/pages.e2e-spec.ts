import request from 'supertest';
import { localizePath, LOCALES } from '../../../src/shared/locale';
import { PAGES } from '../../../src/shared/site-map';
import { useTestApp } from '../../support/use-test-app';

describe('Server-rendered pages', () => {
  const sut = useTestApp();

  const openPages = PAGES.filter((page) => page.access === 'open');

  describe.each(LOCALES)('in %s', (locale) => {
    it.each(openPages.map((page) => [localizePath(page.path, locale)]))('renders %s with status 200', async (path) => {
      const res = await request(sut.url).get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain(`<html lang="${locale}">`);
      expect(res.text).toMatch(/<main id="main"/);
      expect(res.text).toContain('window.__METERLY_STATE__=');
    });
  });

  it('sends a visitor without a session from a page behind sign-in to the login page, keeping the page', async () => {
    for (const page of PAGES.filter((p) => p.access === 'sign-in')) {
      await request(sut.url)
        .get(`${page.path}?step=2`)
        .expect(302)
        .expect('Location', `/login?redirect=${encodeURIComponent(`${page.path}?step=2`)}`);
      await request(sut.url)
        .get(localizePath(page.path, 'es'))
        .expect(302)
        .expect('Location', `/es/login?redirect=${encodeURIComponent(localizePath(page.path, 'es'))}`);
    }
  });

  it('answers an unknown path with the translated 404 page and status 404', async () => {
    const en = await request(sut.url).get('/no-such-page').expect(404);
    expect(en.text).toContain("We can't find that page");
    const es = await request(sut.url).get('/es/no-existe').expect(404);
    expect(es.text).toContain('No encontramos esa página');
    expect(es.text).toContain('<html lang="es">');
  });

  it('answers an unknown API path with a JSON 404 in the envelope, not a page', async () => {
    const res = await request(sut.url).get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ message: expect.any(String) }) });
  });

  it('writes title, description, canonical and hreflang alternates per page and locale', async () => {
    const res = await request(sut.url).get('/es/about-us').expect(200);
    expect(res.text).toContain('<title>Quiénes somos | Meterly</title>');
    expect(res.text).toMatch(/<meta name="description" content="[^"]+">/);
    expect(res.text).toContain(`<link rel="canonical" href="${sut.url}/es/about-us">`);
    expect(res.text).toContain(`<link rel="alternate" hreflang="en-US" href="${sut.url}/about-us">`);
    expect(res.text).toContain(`<link rel="alternate" hreflang="es" href="${sut.url}/es/about-us">`);
    expect(res.text).toContain('<meta name="theme-color" content="#3632c0"');
    expect(res.text).toContain('<meta property="og:image:width" content="1200">');
    expect(res.text).toContain('<meta property="og:image:height" content="628">');
    expect(res.text).toContain('<link rel="manifest" href="/manifest-es.webmanifest">');
    expect(res.text).toContain(`<meta property="og:image" content="${sut.url}/og-image-es.png">`);
    const english = await request(sut.url).get('/about-us').expect(200);
    expect(english.text).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(english.text).toContain(`<meta property="og:image" content="${sut.url}/og-image.png">`);
  });

  it.each([
    ['/manifest.webmanifest', '/og-image.png', { lang: 'en-US', start_url: '/profile', scope: '/', display: 'standalone' }],
    ['/manifest-es.webmanifest', '/og-image-es.png', { lang: 'es', start_url: '/es/profile', scope: '/', display: 'standalone' }],
  ])('serves the web app manifest %s and an Open Graph image %s of 1200×628 in its language', async (manifestPath, imagePath, language) => {
    const manifest = await request(sut.url).get(manifestPath).expect(200);
    expect(JSON.parse(manifest.text)).toMatchObject({ theme_color: '#3632c0', short_name: 'Meterly', ...language });
    const image = await request(sut.url).get(imagePath).buffer(true).expect(200);
    const png = image.body as Buffer;
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(628);
  });

  it('serves the service worker from the root, checked on every visit, under the site CSP (issue 27)', async () => {
    const res = await request(sut.url).get('/service-worker.js').expect(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.text).toContain('meterly-id-cards');
  });

  it('sends /offline-card to My Account in its language when no service worker answers it (issue 27)', async () => {
    await request(sut.url).get('/offline-card').expect(302).expect('Location', '/profile');
    await request(sut.url).get('/es/offline-card').expect(302).expect('Location', '/es/profile');
  });

  it('gives each page a fresh CSP nonce that matches its inline scripts', async () => {
    const first = await request(sut.url).get('/').expect(200);
    const second = await request(sut.url).get('/').expect(200);
    const nonceOf = (res: request.Response) => /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])![1];
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    for (const res of [first, second]) {
      const scripts = res.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(res)}"`);
    }
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a page from memory with the same headers as its first render, a fresh nonce, and gzip when asked', async () => {
    const volatile = ['date', 'x-correlation-id', 'content-security-policy', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'vary'];
    const keep = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !volatile.includes(name)));
    const first = await request(sut.url).get('/terms-and-conditions').expect(200);
    const second = await request(sut.url).get('/terms-and-conditions').expect(200);
    expect(keep(second.headers)).toEqual(keep(first.headers));
    const nonce = (res: request.Response) => /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])![1];
    expect(second.text.split(nonce(second)).join('N')).toBe(first.text.split(nonce(first)).join('N'));
    const zipped = await request(sut.url).get('/terms-and-conditions').set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.text.split(nonce(zipped)).join('N')).toBe(first.text.split(nonce(first)).join('N'));
    const magic = await request(sut.url).get('/magic-link').expect(200);
    expect(magic.headers['referrer-policy']).toBe('no-referrer');
    expect((await request(sut.url).get('/magic-link').expect(200)).headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves hashed assets with immutable caching and compression', async () => {
    const home = await request(sut.url).get('/').expect(200);
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(home.text)![1];
    const res = await request(sut.url).get(script).set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('redirects a trailing slash to the single URL of the page, on our own origin', async () => {
    await request(sut.url).get('/about-us/?a=1').expect(301).expect('Location', '/about-us?a=1');
    await request(sut.url).get('//evil.test/').expect(301).expect('Location', '/evil.test');
  });

  it('answers HEAD for a page without a body', async () => {
    const res = await request(sut.url).head('/quote').expect(200);
    expect(res.text).toBeUndefined();
  });
});
