import request from 'supertest';
import { FeatureFlagsService } from '../../../src/modules/feature-flags/feature-flags.service';
import { useTestApp } from '../../support/use-test-app';

describe('Feature flags from the flags table', () => {
  jest.setTimeout(60_000);

  const sut = useTestApp({ db: true });

  const flagsIn = (html: string) => JSON.parse(/"flags":(\{[^}]*\})/.exec(html)![1]);

  it('bootstraps the flags into the page, and renders open pages again when they change', async () => {
    const before = (await request(sut.url).get('/').expect(200)).text;
    expect(flagsIn(before)).toEqual({ live_chat: true });
    expect(before).toMatch(/class="chat-launcher"/);
    // Served from the page cache now; a change in the table reaches it at the next refresh.
    await sut.db.query(`UPDATE feature_flags SET value = 'false' WHERE key = 'live_chat'`);
    await sut.db.query(`INSERT INTO feature_flags (key, value) VALUES ('new_estimator', '"b"')`);
    await sut.app.get(FeatureFlagsService).refresh();
    const page = (await request(sut.url).get('/').expect(200)).text;
    expect(flagsIn(page)).toEqual({ live_chat: false, new_estimator: 'b' });
    // live_chat off: no chat launcher in the page (its style is inlined with the rest, so the
    // element is looked for, not the class name).
    expect(page).not.toMatch(/class="chat-launcher"/);
  });
});
