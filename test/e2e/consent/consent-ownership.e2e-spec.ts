import { randomUUID } from 'node:crypto';
import { browserLike, requestCode, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

/**
 * Issue 14, finding 11 (the same class as the quote): a visitor's cookie decision before
 * sign-in is read back by their session, not by the anonymousId anyone can write.
 */
describe('Cookie decisions before sign-in', () => {
  jest.setTimeout(60_000);

  const sut = useTestApp({ db: true });

  it("gives visitor B who posts visitor A's anonymousId neither A's decision nor, at sign-in, a copy of it", async () => {
    const a = browserLike(sut);
    const anonymousId = randomUUID();
    await a.post('/api/session').send({ anonymousId }).expect(200);
    await a.post('/api/consent').send({ tracking: true, advertising: false, source: 'banner-confirm' }).expect(200);
    expect((await a.get('/api/consent').expect(200)).body.payload.decision).toMatchObject({ tracking: true, advertising: false });

    const b = browserLike(sut);
    await b.post('/api/session').send({ anonymousId }).expect(200);
    expect((await b.get('/api/consent').expect(200)).body.payload.decision).toBeNull();

    const email = uniqueEmail('b-consent');
    await b
      .post('/api/auth/exchange-token')
      .send({ code: await requestCode(sut, email, b) })
      .expect(200);
    expect((await b.get('/api/consent').expect(200)).body.payload.decision).toBeNull();
    const { rows } = await sut.db.query(`SELECT r.id FROM consent_records r JOIN users u ON u.id = r.user_id WHERE lower(u.email) = lower($1)`, [email]);
    expect(rows).toEqual([]);
    // A's own browser still reads its decision.
    expect((await a.get('/api/consent').expect(200)).body.payload.decision).toMatchObject({ tracking: true, advertising: false });
  });
});
