import request from 'supertest';
import { PagePipeline } from '../../../src/modules/ssr/page-pipeline';
import { watchPageDoors, type PageDoor } from '../../support/page-doors';
import { sidOfCookie, signedInCustomer } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1];

/**
 * Issue 17: pages behind sign-in are answered in front of the framework by the application's own
 * parts (src/modules/ssr/signed-in-page-door.ts). Its answer must be the application's, and every
 * case it does not answer plainly — a session to mark as seen or to end, a revoked or forged id,
 * a URL to redirect — must reach the application and get the application's answer.
 */
describe('The signed-in pages’ door (issue 17)', () => {
  jest.setTimeout(60_000);
  let doors: PageDoor[];

  const sut = useTestApp({ db: true });

  beforeAll(async () => {
    doors = watchPageDoors(sut.app.get(PagePipeline));
  });

  sut.beforeClose(async () => {
    jest.restoreAllMocks();
  });

  const customer = () => signedInCustomer(sut, 'door');

  /** Asks for a page and says which door answered it (none when no page was rendered). */
  async function ask(path: string, cookie: string | undefined, method: 'get' | 'head' = 'get') {
    const before = doors.length;
    const asked = request(sut.url)[method](path).unset('Accept-Encoding');
    const res = await (cookie ? asked.set('Cookie', cookie) : asked);
    return { res, door: doors.slice(before) };
  }

  const lastSeenOf = async (sid: string) =>
    (await sut.db.query<{ seen: string | null }>(`SELECT sess->>'lastSeenAt' AS seen FROM session WHERE sid = $1`, [sid])).rows[0]?.seen;
  const setLastSeen = (sid: string, at: number) =>
    sut.db.query(`UPDATE session SET sess = (sess::jsonb || jsonb_build_object('lastSeenAt', $2::bigint))::json WHERE sid = $1`, [sid, at]);

  it('answers a signed-in page byte for byte as the application does, and renews the cookie as it does', async () => {
    const { email, cookie, sid } = await customer();
    const viaDoor = await ask('/profile', cookie);
    // A query string is not the door's: the application answers the same page.
    const viaApplication = await ask('/profile?from=test', cookie);
    expect([viaDoor.door, viaApplication.door]).toEqual([['signed-in door'], ['controller']]);
    for (const { res } of [viaDoor, viaApplication]) {
      expect(res.status).toBe(200);
      expect(res.text).toContain(email);
    }
    const normal = ({ res }: typeof viaDoor) => res.text.split(nonceOf(res.headers['content-security-policy'])).join('NONCE');
    expect(normal(viaDoor)).toBe(normal(viaApplication));
    const perResponse = ['date', 'x-correlation-id', 'content-security-policy', 'set-cookie', 'connection', 'keep-alive'];
    const headers = ({ res }: typeof viaDoor) => Object.fromEntries(Object.entries(res.headers).filter(([name]) => !perResponse.includes(name)));
    expect(headers(viaDoor)).toEqual(headers(viaApplication));
    const [renewed] = ([] as string[]).concat(viaDoor.res.headers['set-cookie'] ?? []);
    const [renewedByApplication] = ([] as string[]).concat(viaApplication.res.headers['set-cookie'] ?? []);
    expect(sidOfCookie(renewed)).toBe(sid);
    expect(renewed.replace(/Expires=[^;]+/, 'Expires=X')).toBe(renewedByApplication.replace(/Expires=[^;]+/, 'Expires=X'));
    const expires = Date.parse(/Expires=([^;]+)/.exec(renewed)![1]);
    expect(Math.abs(expires - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);
  });

  it('answers the Spanish page and HEAD, with no body for HEAD', async () => {
    const { cookie } = await customer();
    const es = await ask('/es/profile', cookie);
    expect(es.door).toEqual(['signed-in door']);
    expect(es.res.text).toContain('<html lang="es"');
    const head = await ask('/quote/application', cookie, 'head');
    expect(head.door).toEqual(['signed-in door']);
    expect(head.res.status).toBe(200);
    expect(head.res.text ?? '').toBe('');
  });

  it('leaves a session last seen over a minute ago to the application, which records the visit', async () => {
    const { cookie, sid } = await customer();
    const longAgo = Date.now() - 5 * 60_000;
    await setLastSeen(sid, longAgo);
    const { res, door } = await ask('/profile', cookie);
    expect([res.status, door]).toEqual([200, ['controller']]);
    const seen = Number(await lastSeenOf(sid));
    expect(seen).toBeGreaterThan(longAgo + 4 * 60_000);
    // Seen just now: the next visit is the door's again.
    expect((await ask('/profile', cookie)).door).toEqual(['signed-in door']);
  });

  it('leaves an idle session to the application, which ends it and asks to sign in', async () => {
    const { cookie, sid } = await customer();
    await setLastSeen(sid, Date.now() - 31 * 60_000);
    const { res, door } = await ask('/profile', cookie);
    expect(door).toEqual([]);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login?redirect=%2Fprofile');
    expect((await sut.db.query('SELECT 1 FROM session WHERE sid = $1', [sid])).rowCount).toBe(0);
  });

  it('sends a signed-out, a forged and a missing cookie to sign in, setting no cookie for the old id', async () => {
    const { cookie, sid } = await customer();
    await request(sut.url).post('/api/auth/sign-out').set('Origin', sut.url).set('Cookie', cookie).send({}).expect(200);
    const forged = `meterly.sid=${encodeURIComponent(`s:${sid}.forgedsignature`)}`;
    for (const sent of [cookie, forged, undefined]) {
      const { res, door } = await ask('/profile', sent);
      expect([res.status, res.headers.location, door]).toEqual([302, '/login?redirect=%2Fprofile', []]);
      expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).filter((c) => sidOfCookie(c) === sid)).toEqual([]);
    }
  });

  it('leaves a trailing slash and a page that is not behind sign-in to the application', async () => {
    const { cookie } = await customer();
    const slash = await ask('/profile/', cookie);
    expect([slash.res.status, slash.res.headers.location, slash.door]).toEqual([301, '/profile', []]);
    const open = await ask('/contact', cookie);
    expect(open.res.status).toBe(200);
    expect(open.door).not.toContain('signed-in door');
  });
});
