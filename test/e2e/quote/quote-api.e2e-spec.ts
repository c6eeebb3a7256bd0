import { codeFromMail, linkFromMail, mailCount, waitForMail } from '../../support/mailbox';
import { dayFromToday, GOOD_ANSWERS } from '../../support/quote-fixtures';
import { browserLike, signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client_ = ReturnType<typeof browserLike>;

describe('Quote API', () => {
  jest.setTimeout(60_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, db: true });

  /** A visitor's browser that has loaded a page (it has an anonymousId). */
  async function visitor(): Promise<Client_> {
    const client = browserLike(sut);
    await client.post('/api/session').send({ anonymousId: crypto.randomUUID() }).expect(200);
    return client;
  }

  /** Answers every step, one request per step as the page does. */
  async function completeQuote(client: Client_): Promise<string> {
    const created = await client.post('/api/quotes').send({ zip: GOOD_ANSWERS.zip }).expect(201);
    const id = created.body.payload.id;
    await client.patch(`/api/quotes/${id}`).send({ vehicle: GOOD_ANSWERS.vehicle }).expect(200);
    await client.patch(`/api/quotes/${id}`).send({ driver: GOOD_ANSWERS.driver, priorInsurance: GOOD_ANSWERS.priorInsurance }).expect(200);
    await client.patch(`/api/quotes/${id}`).send({ incidents: [] }).expect(200);
    await client.patch(`/api/quotes/${id}`).send({ milesPerMonth: 600 }).expect(200);
    return id;
  }

  it('saves a quote step by step, prices it once the answers allow, and resumes it', async () => {
    const client = await visitor();
    const created = await client.post('/api/quotes').send({ zip: '85004' }).expect(201);
    expect(created.body.payload).toMatchObject({ answers: { zip: '85004' }, state: 'AZ', nextStep: 'vehicle', status: 'open' });
    expect(created.body.payload.reference).toMatch(/^MQ-[0-9A-Z]{8}$/);
    expect(created.body.payload.price).toBeUndefined();
    const id = created.body.payload.id;

    await client.patch(`/api/quotes/${id}`).send({ vehicle: GOOD_ANSWERS.vehicle }).expect(200);
    const driver = await client.patch(`/api/quotes/${id}`).send({ driver: GOOD_ANSWERS.driver, priorInsurance: 'over-3-years' }).expect(200);
    expect(driver.body.payload.nextStep).toBe('incidents');
    expect(driver.body.payload.price).toBeUndefined();

    const priced = await client.patch(`/api/quotes/${id}`).send({ incidents: [] }).expect(200);
    expect(priced.body.payload.price).toMatchObject({ rateVersion: '2026-11-27', state: 'AZ', dailyCapMiles: 250 });
    expect(priced.body.payload.monthlyEstimateCents).toBeUndefined();

    const miles = await client.patch(`/api/quotes/${id}`).send({ milesPerMonth: 800 }).expect(200);
    const { price } = miles.body.payload;
    expect(miles.body.payload.monthlyEstimateCents).toBe(price.baseRateCents + Math.round((800 * price.perMileRateMills) / 10));
    expect(miles.body.payload.nextStep).toBe('email');

    // A reload: the same browser gets the same quote back, answers and price.
    const resumed = await client.get('/api/quotes/current').expect(200);
    expect(resumed.body.payload).toMatchObject({ id, answers: { ...GOOD_ANSWERS, milesPerMonth: 800 }, price });

    const [row] = (await sut.db.query('SELECT rate_version, breakdown, base_rate_cents FROM quotes WHERE id = $1', [id])).rows;
    expect(row.rate_version).toBe('2026-11-27');
    expect(row.breakdown.length).toBeGreaterThan(3);
  });

  it('prices the same quote again on the same rate version to the same figures', async () => {
    const client = await visitor();
    const id = await completeQuote(client);
    const first = (await client.get(`/api/quotes/${id}`).expect(200)).body.payload.price;
    const again = (await client.post(`/api/quotes/${id}/price`).send({}).expect(200)).body.payload.price;
    expect(again).toEqual(first);
  });

  it('applies every one of many saves of one quote sent at once, each on the quote as the one before left it (two tabs)', async () => {
    const client = await visitor();
    const id = await completeQuote(client);
    // Each save changes a different answer; a save computed on a version another already replaced
    // must be computed again, or that other answer is lost.
    const saves = [
      { milesPerMonth: 450 },
      { driver: { ...GOOD_ANSWERS.driver, firstName: 'Raced' } },
      { priorInsurance: 'under-1-year' },
      { vehicle: { ...GOOD_ANSWERS.vehicle, year: 2021 } },
    ];
    const answers = await Promise.all([...saves, ...saves.map(() => ({}))].map((save) => client.patch(`/api/quotes/${id}`).send(save)));
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
    const saved = (await client.get(`/api/quotes/${id}`).expect(200)).body.payload;
    expect(saved.answers).toMatchObject({ milesPerMonth: 450, driver: { firstName: 'Raced' }, priorInsurance: 'under-1-year', vehicle: { year: 2021 } });
    const again = (await client.post(`/api/quotes/${id}/price`).send({}).expect(200)).body.payload;
    expect(again.price).toEqual(saved.price);
  });

  it('gives a browser without an anonymousId a quote it can resume: its session owns it, by a key it never sees', async () => {
    const client = browserLike(sut);
    const created = await client.post('/api/quotes').send({ zip: '85004' }).expect(201);
    const session = (await client.get('/api/session').expect(200)).body.payload;
    expect(session).toEqual({});
    expect((await client.get('/api/quotes/current').expect(200)).body.payload.id).toBe(created.body.payload.id);
  });

  it("keeps each visitor's quotes to themselves: another visitor's id is not found", async () => {
    const owner = await visitor();
    const id = await completeQuote(owner);
    const stranger = await visitor();
    await stranger.get(`/api/quotes/${id}`).expect(404);
    await stranger.patch(`/api/quotes/${id}`).send({ milesPerMonth: 1 }).expect(404);
    await stranger.post(`/api/quotes/${id}/continue`).send({ email: uniqueEmail() }).expect(404);
    await stranger.get('/api/quotes/not-a-uuid').expect(404);
    expect((await stranger.get('/api/quotes/current').expect(200)).body.payload).toBeNull();
    expect((await owner.get(`/api/quotes/${id}`).expect(200)).body.payload.answers.milesPerMonth).toBe(600);
  });

  it('refuses bad answers with the fields named and keeps what was saved', async () => {
    const client = await visitor();
    const id = await completeQuote(client);
    const before = (await client.get(`/api/quotes/${id}`)).body.payload;
    const res = await client
      .patch(`/api/quotes/${id}`)
      .send({ driver: { ...GOOD_ANSWERS.driver, birthDate: '2999-01-01' }, incidents: [{ type: 'claims', date: 'yesterday' }] })
      .expect(400);
    expect(res.body.error.fields).toEqual(expect.objectContaining({ 'incidents.0.date': expect.any(String) }));
    const second = await client
      .patch(`/api/quotes/${id}`)
      .send({ driver: { ...GOOD_ANSWERS.driver, birthDate: '2999-01-01' } })
      .expect(400);
    expect(second.body.error).toMatchObject({
      code: 'INVALID_INPUT',
      fields: { 'driver.birthDate': expect.any(String) },
      extra: { problems: { 'driver.birthDate': 'future' } },
    });
    await client
      .patch(`/api/quotes/${id}`)
      .send({ vehicle: { vin: '1HGCM82643A004352', year: 2003, make: 'Honda', model: 'Accord' } })
      .expect(400);
    await client.patch(`/api/quotes/${id}`).send({ milesPerMonth: 20_000 }).expect(400);
    await client.patch(`/api/quotes/${id}`).send({ userId: 'x' }).expect(400);
    expect((await client.get(`/api/quotes/${id}`)).body.payload).toEqual(before);
  });

  it('refuses a ZIP in a state we do not sell in with 422, and saves nothing', async () => {
    const client = await visitor();
    const res = await client.post('/api/quotes').send({ zip: '10001' }).expect(422);
    expect(res.body.error).toMatchObject({ code: 'STATE_NOT_SERVED', extra: { state: 'NY' } });
    expect((await client.get('/api/quotes/current').expect(200)).body.payload).toBeNull();
  });

  it('keeps an address on the waiting list of a state we do not sell in yet, once', async () => {
    const client = await visitor();
    const email = uniqueEmail('waiting');
    expect((await client.post('/api/quotes/waitlist').send({ email, zip: '10001' }).expect(200)).body.payload).toEqual({ state: 'NY' });
    await client.post('/api/quotes/waitlist').send({ email: email.toUpperCase(), zip: '10002' }).expect(200);
    const { rows } = await sut.db.query('SELECT state, zip FROM state_waitlist WHERE lower(email) = lower($1)', [email]);
    expect(rows).toEqual([{ state: 'NY', zip: '10002' }]);
    await client.post('/api/quotes/waitlist').send({ email: 'nope', zip: '10001' }).expect(400);
    await client.post('/api/quotes/waitlist').send({ email, zip: '00000' }).expect(400);
  });

  it('declines a record we do not quote online with 422, keeping the answers saved before', async () => {
    const client = await visitor();
    const id = await completeQuote(client);
    const accident = { type: 'accidents', date: dayFromToday(-100) };
    const res = await client
      .patch(`/api/quotes/${id}`)
      .send({ incidents: [accident, accident, accident] })
      .expect(422);
    expect(res.body.error.code).toBe('QUOTE_DECLINED');
    expect((await client.get(`/api/quotes/${id}`).expect(200)).body.payload.answers.incidents).toEqual([]);
  });

  it('does not send a link before the quote is complete (409)', async () => {
    const client = await visitor();
    const created = await client.post('/api/quotes').send({ zip: '85004' }).expect(201);
    const res = await client.post(`/api/quotes/${created.body.payload.id}/continue`).send({ email: uniqueEmail() }).expect(409);
    expect(res.body.error.code).toBe('QUOTE_INCOMPLETE');
  });

  it('e-mails a link to the application that joins the quote to the account, even on another device', async () => {
    const client = await visitor();
    const id = await completeQuote(client);
    const email = uniqueEmail('quoter');
    const seen = await mailCount(sut.databaseUrl, email);
    const res = await client.post(`/api/quotes/${id}/continue`).send({ email }).expect(200);
    expect(res.body.payload).toEqual({ next: 'check-email' });
    const mail = await waitForMail(sut.databaseUrl, email, { seen });
    expect(linkFromMail(mail)).toContain('redirect=%2Fquote%2Fapplication');

    const phone = browserLike(sut);
    const exchanged = await phone
      .post('/api/auth/exchange-token')
      .send({ code: codeFromMail(mail) })
      .expect(200);
    expect(exchanged.body.payload.redirectTo).toBe('/quote/application');
    const current = (await phone.get('/api/quotes/current').expect(200)).body.payload;
    expect(current).toMatchObject({ id, answers: { email } });
    // The browser that started it no longer owns it: it belongs to the account now.
    await client.get(`/api/quotes/${id}`).expect(404);
  });

  it('says a link was just sent, and when another can be asked, for a second request within the minute', async () => {
    const client = await visitor();
    const id = await completeQuote(client);
    const email = uniqueEmail('twice');
    const seen = await mailCount(sut.databaseUrl, email);
    await client.post(`/api/quotes/${id}/continue`).send({ email }).expect(200);
    const again = await client.post(`/api/quotes/${id}/continue`).send({ email }).expect(429);
    expect(again.body).toMatchObject({ success: false, error: { code: 'LINK_RECENTLY_SENT', extra: { retryAfterSeconds: expect.any(Number) } } });
    expect(again.body.error.extra.retryAfterSeconds).toBeGreaterThan(0);
    expect(again.body.error.extra.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(Number(again.headers['retry-after'])).toBe(again.body.error.extra.retryAfterSeconds);
    await waitForMail(sut.databaseUrl, email, { seen });
    expect(await mailCount(sut.databaseUrl, email)).toBe(seen + 1);
  });

  it("joins the browser's quote to the account when the visitor signs in on the same browser", async () => {
    const client = await visitor();
    const id = await completeQuote(client);
    const email = uniqueEmail('same-browser');
    const seen = await mailCount(sut.databaseUrl, email);
    await client.post('/api/auth/magic-link').send({ email }).expect(200);
    await client
      .post('/api/auth/exchange-token')
      .send({ code: codeFromMail(await waitForMail(sut.databaseUrl, email, { seen })) })
      .expect(200);
    expect((await client.get('/api/quotes/current').expect(200)).body.payload.id).toBe(id);
  });

  it('lets a signed-in customer go straight to the application, without a link', async () => {
    const email = uniqueEmail('customer');
    const client = await signIn(sut, email);
    const id = await completeQuote(client);
    const seen = await mailCount(sut.databaseUrl, email);
    expect((await client.post(`/api/quotes/${id}/continue`).send({}).expect(200)).body.payload).toEqual({ next: 'application' });
    expect(await mailCount(sut.databaseUrl, email)).toBe(seen);
  });

  it('stores the marketing attribution of the visit on the quote', async () => {
    const client = await visitor();
    await client
      .post('/api/session')
      .send({ attribution: { utm_source: 'radio', utm_campaign: 'fall' } })
      .expect(200);
    const id = (await client.post('/api/quotes').send({ zip: '85004' }).expect(201)).body.payload.id;
    const [row] = (await sut.db.query('SELECT attribution FROM quotes WHERE id = $1', [id])).rows;
    expect(row.attribution).toEqual({ utm_source: 'radio', utm_campaign: 'fall' });
  });

  it("records the producer and the staff member on a quote made on a customer's behalf, and audits it", async () => {
    const agent = await signIn(sut, 'agent@meterly.test');
    const customer = uniqueEmail('walk-in');
    await agent.post('/api/agent/on-behalf').send({ email: customer }).expect(200);
    const id = await completeQuote(agent);
    const [row] = (
      await sut.db.query(
        `SELECT q.producer_id, s.email AS staff_email, u.email AS owner_email FROM quotes q
         JOIN users s ON s.id = q.staff_user_id JOIN users u ON u.id = q.user_id WHERE q.id = $1`,
        [id],
      )
    ).rows;
    expect(row).toEqual({ producer_id: 'MTR-1001', staff_email: 'agent@meterly.test', owner_email: customer });
    const actions = (await sut.db.query(`SELECT action FROM audit_log WHERE customer_email = $1 ORDER BY id`, [customer])).rows.map((r) => r.action);
    expect(actions).toEqual(['on-behalf.start', 'quote.create', 'quote.update', 'quote.update', 'quote.update', 'quote.update']);

    // The customer signing in themselves sees the quote the agent made for them.
    const own = await signIn(sut, customer);
    expect((await own.get('/api/quotes/current').expect(200)).body.payload.id).toBe(id);
  });

  it("lets staff acting for a customer see that customer's quotes and no one else's", async () => {
    const stranger = await signIn(sut, uniqueEmail('stranger'));
    const strangersQuote = await completeQuote(stranger);
    const admin = await signIn(sut, 'admin@meterly.test');
    await admin
      .post('/api/agent/on-behalf')
      .send({ email: uniqueEmail('client') })
      .expect(200);
    await admin.get(`/api/quotes/${strangersQuote}`).expect(404);
    await admin.patch(`/api/quotes/${strangersQuote}`).send({ milesPerMonth: 5 }).expect(404);
    const own = await completeQuote(admin);
    await admin.get(`/api/quotes/${own}`).expect(200);
    await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    // Back to themselves, the admin no longer reaches the customer's quote.
    await admin.get(`/api/quotes/${own}`).expect(404);
  });
});
