import { Client } from 'pg';
import request from 'supertest';
import { FeatureFlagsService } from '../../../src/modules/feature-flags/feature-flags.service';
import { createTestApp, type TestApp } from '../../support/test-app';

describe('Feature flags from the flags table', () => {
  jest.setTimeout(60_000);
  let sut: TestApp;
  let db: Client;

  beforeAll(async () => {
    sut = await createTestApp();
    db = new Client({ connectionString: sut.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await sut.close();
  });

  const flagsIn = (html: string) => JSON.parse(/"flags":(\{[^}]*\})/.exec(html)![1]);

  it('bootstraps the flags into the page, and renders open pages again when they change', async () => {
    const before = (await request(sut.url).get('/').expect(200)).text;
    expect(flagsIn(before)).toEqual({ live_chat: true });
    expect(before).toMatch(/class="chat-launcher"/);
    // Served from the page cache now; a change in the table reaches it at the next refresh.
    await db.query(`UPDATE feature_flags SET value = 'false' WHERE key = 'live_chat'`);
    await db.query(`INSERT INTO feature_flags (key, value) VALUES ('new_estimator', '"b"')`);
    await sut.app.get(FeatureFlagsService).refresh();
    const page = (await request(sut.url).get('/').expect(200)).text;
    expect(flagsIn(page)).toEqual({ live_chat: false, new_estimator: 'b' });
    // live_chat off: no chat launcher in the page (its style is inlined with the rest, so the
    // element is looked for, not the class name).
    expect(page).not.toMatch(/class="chat-launcher"/);
  });
});
