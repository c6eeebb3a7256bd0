import http from 'node:http';
import zlib from 'node:zlib';
import request from 'supertest';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

/** A GET answered with the bytes as they came over the wire (supertest would decode them). */
function raw(url: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Issue 17: what the browser receives for Home, and how. */
describe('Page shell and precompressed assets (issue 17)', () => {
  let home: string;
  let nonce: string;

  const sut = useTestApp();

  beforeAll(async () => {
    const res = await request(sut.url).get('/').expect(200);
    home = res.text;
    nonce = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])![1];
  });

  it('puts the stylesheet inline under the response nonce, which the policy allows for styles, and links none', async () => {
    expect(home).not.toContain('rel="stylesheet"');
    const style = /<style nonce="([^"]+)" data-href="\/assets\/[^"]+\.css">([\s\S]*?)<\/style>/.exec(home);
    expect(style?.[1]).toBe(nonce);
    expect(style?.[2].length).toBeGreaterThan(1000);
    const res = await request(sut.url).get('/').expect(200);
    const again = /'nonce-([^']+)'/.exec(res.headers['content-security-policy'])![1];
    expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${again}'`);
    expect(again).not.toBe(nonce);
    expect(res.text).toContain(`<style nonce="${again}" data-href="/assets/`);
  });

  it('links the same stylesheet from pages behind sign-in (which open pages prefetch), 36 KB lighter each', async () => {
    const href = /<style nonce="[^"]+" data-href="(\/assets\/[^"]+\.css)">([\s\S]*?)<\/style>/.exec(home)!;
    const customer = await signIn(sut);
    const profile = (await customer.get('/profile').expect(200)).text;
    expect(profile).not.toContain('<style');
    expect(profile).toContain(`<link rel="stylesheet" crossorigin href="${href[1]}">`);
    const css = await request(sut.url).get(href[1]).expect(200);
    expect(css.text).toBe(href[2]);
    expect(css.headers['cache-control']).toMatch(/immutable/);
  });

  it("preloads the page's own chunk from the HTML, after the entry script, at low priority like it, in both locales and on pages behind sign-in", async () => {
    const entry = home.indexOf('<script type="module" fetchpriority="low"');
    expect(entry).toBeGreaterThan(-1);
    const preload = home.search(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/home-page-[^"]+\.js">/);
    expect(preload).toBeGreaterThan(entry);
    expect((await request(sut.url).get('/es/contact').expect(200)).text).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/contact-page-[^"]+\.js">/,
    );
    expect((await request(sut.url).get('/no-such-page').expect(404)).text).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/not-found-page-[^"]+\.js">/,
    );
    expect(home).not.toMatch(/href="\/assets\/contact-page-/);
  });

  it('holds the code in an inert template that a script under the nonce starts once the page is painted', () => {
    const code = /<template id="page-code">([\s\S]*?)<\/template><script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(home);
    expect(code?.[1]).toMatch(/^<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
    expect(code?.[1]).toMatch(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/assets\/vendor-[^"]+\.js">/);
    expect(code?.[2]).toBe(nonce);
    expect(code?.[3]).toContain('first-contentful-paint');
    // Nothing outside the template asks for code while the page is parsed.
    expect(home.replace(code![0], '')).not.toMatch(/<script type="module"|rel="modulepreload"/);
  });

  it('serves the Brotli or gzip copy the build made, with the file type and Vary, and the file itself otherwise', async () => {
    const script = /<script type="module" fetchpriority="low" crossorigin src="(\/assets\/index-[^"]+\.js)">/.exec(home)![1];
    const plain = await raw(sut.url + script, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    const br = await raw(sut.url + script, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);

    const gzip = await raw(sut.url + script, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // Level 9 once at build time: smaller than what compressing on the fly at the default level gave.
    expect(gzip.body.length).toBeLessThanOrEqual(zlib.gzipSync(plain.body).length);

    const refused = await raw(sut.url + script, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('serves a root file precompressed too, with its own type', async () => {
    const res = await raw(sut.url + '/manifest.webmanifest', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/manifest\+json/);
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString('utf8')).name).toBeTruthy();
  });
});
