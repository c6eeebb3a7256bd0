import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EnvelopeInterceptor } from '../../../src/common/http/envelope.interceptor';
import { GOOD_ANSWERS, GOOD_ESTIMATE } from '../../support/quote-fixtures';
import { createSignedInCookie } from '../../support/session-fixtures';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

/** Headers that differ on every answer by design. */
const PER_ANSWER = ['date', 'x-correlation-id', 'content-security-policy'];
const headersOf = (res: request.Response) => Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.includes(name)));

/**
 * Issue 17: the estimate is answered in front of the framework. Through that door or through the
 * application, a caller gets the same answer, to the byte, for good input and bad; and the door
 * answers the good calls without the framework.
 */
describe("The quote's doors in front of the framework", () => {
  // Every answer of the application passes its envelope interceptor; a door's does not.
  const throughController = jest.spyOn(EnvelopeInterceptor.prototype, 'intercept');
  const clock = new TestClock();
  // One app for both doors: a file's app costs CI seconds.
  const sut = useTestApp({ clock });

  afterAll(async () => {
    throughController.mockRestore();
  });

  beforeEach(() => throughController.mockClear());

  describe('POST /api/quotes/estimate (issue 17)', () => {
    // The door takes the bare address; with a query the same call goes through the application.
    const viaDoor = (body: string, headers: Record<string, string> = {}) =>
      request(sut.url)
        .post('/api/quotes/estimate')
        .set({ 'Content-Type': 'application/json', ...headers })
        .send(body);
    const viaApplication = (body: string, headers: Record<string, string> = {}) =>
      request(sut.url)
        .post('/api/quotes/estimate?via=application')
        .set({ 'Content-Type': 'application/json', ...headers })
        .send(body);

    it('answers a good estimate itself, with the bytes and headers the application gives', async () => {
      const body = JSON.stringify(GOOD_ESTIMATE);
      const door = await viaDoor(body, { 'Accept-Encoding': 'gzip, br' }).expect(200);
      expect(throughController).not.toHaveBeenCalled();
      const application = await viaApplication(body, { 'Accept-Encoding': 'gzip, br' }).expect(200);
      expect(throughController).toHaveBeenCalledTimes(1);
      expect(door.text).toBe(application.text);
      expect(headersOf(door)).toEqual(headersOf(application));
      expect(door.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
      expect(door.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(door.headers['vary']).toBe('Accept-Encoding');
    });

    it('keeps the caller’s correlation id, as the application does', async () => {
      const res = await viaDoor(JSON.stringify(GOOD_ESTIMATE), { 'X-Correlation-Id': 'caller-chosen-id-123' }).expect(200);
      expect(res.headers['x-correlation-id']).toBe('caller-chosen-id-123');
    });

    it.each([
      ['a body that is not JSON', '{"zip":'],
      ['a body nested too deep', JSON.stringify({ ...GOOD_ESTIMATE, vehicle: JSON.parse('['.repeat(40) + ']'.repeat(40)) })],
      ['a body over 32 kB', JSON.stringify({ ...GOOD_ESTIMATE, filler: 'x'.repeat(40_000) })],
      ['an array', JSON.stringify([GOOD_ESTIMATE])],
      ['a bare string', JSON.stringify('85004')],
      ['a control character', JSON.stringify({ ...GOOD_ESTIMATE, vehicle: { ...GOOD_ESTIMATE.vehicle, make: 'Hon\u0000da' } })],
      ['a field the form does not have', JSON.stringify({ ...GOOD_ESTIMATE, admin: true })],
      ['an invalid field', JSON.stringify({ ...GOOD_ESTIMATE, zip: '8500' })],
      ['a driver too young to drive', JSON.stringify({ ...GOOD_ESTIMATE, driver: { ...GOOD_ESTIMATE.driver, birthDate: '2020-01-01' } })],
      ['a state we do not sell in', JSON.stringify({ ...GOOD_ESTIMATE, zip: '10001' })],
    ])('hands %s to the application, whose answer the caller gets', async (_what, body) => {
      const door = await viaDoor(body);
      const application = await viaApplication(body);
      expect([400, 413, 422]).toContain(door.status);
      expect(door.status).toBe(application.status);
      expect(door.body).toEqual(application.body);
      expect(door.body).toMatchObject({ success: false, error: { message: expect.any(String), code: expect.any(String) } });
    });

    it('refuses a foreign origin and a cross-site call carrying our cookie, as the forgery check does', async () => {
      const body = JSON.stringify(GOOD_ESTIMATE);
      const foreign = await viaDoor(body, { Origin: 'https://evil.example' }).expect(403);
      expect(foreign.body.error.message).toMatch(/did not come from the Meterly site/);
      await viaDoor(body, { 'Sec-Fetch-Site': 'cross-site' }).expect(403);
      await viaDoor(body, { Cookie: 'meterly.sid=s%3Aabc.def' }).expect(403);
      await viaDoor(body, { Origin: sut.url, 'Content-Type': 'application/json; charset=utf-8' }).expect(200);
      expect(throughController).not.toHaveBeenCalled();
    });

    it('leaves other methods and addresses to the application', async () => {
      await request(sut.url).get('/api/quotes/estimate').expect(404);
      throughController.mockClear();
      const withQuery = await request(sut.url)
        .post('/api/quotes/estimate?source=app')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify(GOOD_ESTIMATE));
      expect(withQuery.status).toBe(200);
      expect(throughController).toHaveBeenCalledTimes(1);
    });
  });

  describe('POST /api/quotes/:id/price (issue 29)', () => {
    /** A visitor's session and one complete quote of theirs, made as /quote makes them. */
    async function visitorWithQuote() {
      const client = request.agent(sut.url).set('Origin', sut.url);
      await client.post('/api/session').send({ anonymousId: randomUUID() }).expect(200);
      const created = await client.post('/api/quotes').send(GOOD_ANSWERS).expect(201);
      return { client, id: created.body.payload.id as string };
    }

    /** The answer with what differs on every write left out (the quote's updatedAt). */
    const payloadOf = (res: request.Response) => ({ ...res.body, payload: { ...res.body.payload, updatedAt: 'written' } });
    const sameAnswer = (door: request.Response, application: request.Response) => {
      expect(payloadOf(door)).toEqual(payloadOf(application));
      const { 'set-cookie': doorCookie, ...doorHeaders } = headersOf(door);
      const { 'set-cookie': applicationCookie, ...applicationHeaders } = headersOf(application);
      expect(doorHeaders).toEqual(applicationHeaders);
      expect(Boolean(doorCookie)).toBe(Boolean(applicationCookie));
    };

    it("answers a visitor's re-price itself, with the answer and headers the application gives", async () => {
      const { client, id } = await visitorWithQuote();
      throughController.mockClear();
      const door = await client.post(`/api/quotes/${id}/price`).set('Accept-Encoding', 'gzip').send({}).expect(200);
      expect(throughController).not.toHaveBeenCalled();
      const application = await client.post(`/api/quotes/${id}/price?via=application`).set('Accept-Encoding', 'gzip').send({}).expect(200);
      expect(throughController).toHaveBeenCalledTimes(1);
      sameAnswer(door, application);
      expect(door.body.payload).toMatchObject({ id, status: 'open', price: { state: 'AZ', baseRateCents: expect.any(Number) } });
      expect(door.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
      // The write happened: the door's answer is the quote as saved, newer than the one created.
      expect((await client.get(`/api/quotes/${id}`).expect(200)).body.payload.updatedAt).toBe(application.body.payload.updatedAt);
    });

    it("answers a signed-in customer's re-price itself, and leaves them signed in", async () => {
      const customer = await sut.signIn();
      const { body } = await customer.post('/api/quotes').send(GOOD_ANSWERS).expect(201);
      throughController.mockClear();
      const door = await customer.post(`/api/quotes/${body.payload.id}/price`).send({}).expect(200);
      expect(throughController).not.toHaveBeenCalled();
      const application = await customer.post(`/api/quotes/${body.payload.id}/price?via=application`).send({}).expect(200);
      sameAnswer(door, application);
      expect((await customer.get('/api/session').expect(200)).body.payload).toMatchObject({ userId: expect.any(String) });
    });

    it('hands every refusal to the application, whose answer the caller gets', async () => {
      const { client, id } = await visitorWithQuote();
      const other = await visitorWithQuote();
      for (const path of [`/api/quotes/${randomUUID()}/price`, `/api/quotes/${other.id}/price`, '/api/quotes/not-a-quote/price']) {
        throughController.mockClear();
        const res = await client.post(path).send({}).expect(404);
        expect(res.body).toMatchObject({ success: false, error: { code: 'QUOTE_NOT_FOUND' } });
        expect(throughController).toHaveBeenCalledTimes(1);
      }
      // Not the owner's: the quote is as it was.
      expect((await other.client.get(`/api/quotes/${other.id}`).expect(200)).body.payload.updatedAt).toBeDefined();
      await client.post(`/api/quotes/${id}/price`).set('Origin', 'https://evil.example').send({}).expect(403);
      await client.post(`/api/quotes/${id}/price`).set('Sec-Fetch-Site', 'cross-site').send({}).expect(403);
    });

    it('leaves staff, and a session with something to write first, to the application', async () => {
      // An agent's own quote: the application checks their licence in the quote's state.
      const agentCookie = await createSignedInCookie(sut.databaseUrl, {
        email: `agent-${randomUUID().slice(0, 8)}@example.com`,
        role: 'agent',
        producerId: 'MTR-9001',
      });
      const agent = request.agent(sut.url).set('Origin', sut.url).set('Cookie', `${agentCookie.name}=${agentCookie.value}`);
      const quote = await agent.post('/api/quotes').send(GOOD_ANSWERS);
      throughController.mockClear();
      const agentPrice = await agent.post(`/api/quotes/${quote.body.payload?.id ?? randomUUID()}/price`).send({});
      expect(throughController).toHaveBeenCalledTimes(1);
      expect(agentPrice.body.success).toBe(quote.status === 201);

      // Two minutes on, the customer's session is to be marked as seen: the application writes it.
      const customer = await sut.signIn();
      const { body } = await customer.post('/api/quotes').send(GOOD_ANSWERS).expect(201);
      clock.advance(2 * 60_000);
      throughController.mockClear();
      await customer.post(`/api/quotes/${body.payload.id}/price`).send({}).expect(200);
      expect(throughController).toHaveBeenCalledTimes(1);
      // Seen now: the next one is the door's.
      throughController.mockClear();
      await customer.post(`/api/quotes/${body.payload.id}/price`).send({}).expect(200);
      expect(throughController).not.toHaveBeenCalled();
    });
  });
});
