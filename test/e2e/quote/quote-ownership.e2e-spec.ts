import { randomUUID } from 'node:crypto';
import { GOOD_ANSWERS } from '../../support/quote-fixtures';
import { browserLike, requestCode, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import type { Response } from 'supertest';

type Client_ = ReturnType<typeof browserLike>;

/**
 * Issue 14, finding 11: the anonymousId names a visitor to analytics (it is sent to the
 * vendors) and unlocks nothing. A quote made before sign-in belongs to the browser's session,
 * so another visitor who writes the same anonymousId into their session gets none of it.
 */
describe('Quote ownership before sign-in', () => {
  jest.setTimeout(60_000);

  const sut = useTestApp({ db: true });

  /** Visitor A's browser: an anonymousId, and a quote with a name, a birth date and a ZIP. */
  async function visitorWithQuote(): Promise<{ client: Client_; anonymousId: string; id: string }> {
    const client = browserLike(sut);
    const anonymousId = randomUUID();
    await client.post('/api/session').send({ anonymousId }).expect(200);
    const id = (await client.post('/api/quotes').send({ zip: GOOD_ANSWERS.zip }).expect(201)).body.payload.id;
    await client.patch(`/api/quotes/${id}`).send({ vehicle: GOOD_ANSWERS.vehicle }).expect(200);
    await client.patch(`/api/quotes/${id}`).send({ driver: GOOD_ANSWERS.driver, priorInsurance: GOOD_ANSWERS.priorInsurance }).expect(200);
    await client.patch(`/api/quotes/${id}`).send({ incidents: [] }).expect(200);
    await client.patch(`/api/quotes/${id}`).send({ milesPerMonth: 600 }).expect(200);
    return { client, anonymousId, id };
  }

  /** Nothing of A's quote in an answer: not its id, name, birth date or ZIP. */
  function expectNothingOfA(res: Response, id: string): void {
    const text = JSON.stringify(res.body) + (res.text ?? '');
    for (const secret of [id, GOOD_ANSWERS.driver.firstName, GOOD_ANSWERS.driver.lastName, GOOD_ANSWERS.driver.birthDate, GOOD_ANSWERS.zip]) {
      expect(text).not.toContain(secret);
    }
  }

  it("gives visitor B who posts visitor A's anonymousId none of A's quote, through any endpoint", async () => {
    const a = await visitorWithQuote();
    const b = browserLike(sut);
    // The spec lets a browser write its anonymousId; it names B to analytics and nothing more.
    await b.post('/api/session').send({ anonymousId: a.anonymousId }).expect(200);

    const current = await b.get('/api/quotes/current').expect(200);
    expect(current.body.payload).toBeNull();
    const answers: Response[] = [
      current,
      await b.get(`/api/quotes/${a.id}`).expect(404),
      await b.patch(`/api/quotes/${a.id}`).send({ milesPerMonth: 700 }).expect(404),
      await b.post(`/api/quotes/${a.id}/price`).send({}).expect(404),
      await b
        .post(`/api/quotes/${a.id}/continue`)
        .send({ email: uniqueEmail('b') })
        .expect(404),
      // The application's steps are for a signed-in owner only.
      await b.get(`/api/quotes/${a.id}/packages`).expect(401),
      await b.put(`/api/quotes/${a.id}/package`).send({ package: 'standard' }).expect(401),
      await b.get('/api/session').expect(200),
      await b.get('/api/consent'),
    ];
    for (const res of answers) expectNothingOfA(res, a.id);
    // A still has it, unchanged.
    expect((await a.client.get('/api/quotes/current').expect(200)).body.payload).toMatchObject({ id: a.id, answers: { milesPerMonth: 600 } });
  });

  it("does not join visitor A's quote to visitor B's account when B signs in with A's anonymousId", async () => {
    const a = await visitorWithQuote();
    const b = browserLike(sut);
    await b.post('/api/session').send({ anonymousId: a.anonymousId }).expect(200);
    const email = uniqueEmail('b-signs-in');
    const code = await requestCode(sut, email, b);
    await b.post('/api/auth/exchange-token').send({ code }).expect(200);

    const current = await b.get('/api/quotes/current').expect(200);
    expect(current.body.payload).toBeNull();
    expectNothingOfA(current, a.id);
    expectNothingOfA(await b.get(`/api/quotes/${a.id}`).expect(404), a.id);
    const [row] = (await sut.db.query('SELECT user_id FROM quotes WHERE id = $1', [a.id])).rows;
    expect(row.user_id).toBeNull();
    expect((await a.client.get(`/api/quotes/${a.id}`).expect(200)).body.payload.answers.driver.firstName).toBe(GOOD_ANSWERS.driver.firstName);
  });

  it("joins the browser's own quote to the account at sign-in, whatever anonymousId it wrote", async () => {
    const a = await visitorWithQuote();
    const email = uniqueEmail('a-signs-in');
    const code = await requestCode(sut, email, a.client);
    await a.client.post('/api/auth/exchange-token').send({ code }).expect(200);
    expect((await a.client.get('/api/quotes/current').expect(200)).body.payload).toMatchObject({ id: a.id, answers: { email } });
    expect((await a.client.get('/api/session').expect(200)).body.payload.anonymousId).toBe(a.anonymousId);
  });
});
