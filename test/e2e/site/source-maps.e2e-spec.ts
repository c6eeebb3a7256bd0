import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { useTestApp } from '../../support/use-test-app';

const CLIENT_DIR = path.resolve(__dirname, '../../../dist/client');

/** The browser bundle's source maps (our whole client source) are not handed to the public. */
describe('Source maps', () => {
  const sut = useTestApp();

  it('are not referenced by the scripts the pages load', async () => {
    const home = await request(sut.url).get('/').expect(200);
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(home.text)![1];
    const body = (
      await request(sut.url)
        .get(script)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        })
        .expect(200)
    ).body as string;
    expect(body).not.toContain('sourceMappingURL');
  });

  it('are not served, neither beside a script nor anywhere under the public files', async () => {
    const home = await request(sut.url).get('/').expect(200);
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(home.text)![1];
    const built = fs.readdirSync(path.join(CLIENT_DIR, 'assets')).filter((name) => name.endsWith('.map'));
    const asked = [`${script}.map`, ...built.slice(0, 3).map((name) => `/assets/${name}`), '/assets/index.js.MAP'];
    for (const url of asked) {
      const res = await request(sut.url).get(url);
      expect([url, res.status]).toEqual([url, 404]);
    }
  });
});
