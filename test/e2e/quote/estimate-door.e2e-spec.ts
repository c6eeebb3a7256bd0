import request from 'supertest';
import { EnvelopeInterceptor } from '../../../src/common/http/envelope.interceptor';
import { GOOD_ESTIMATE } from '../../support/quote-fixtures';
import { useTestApp } from '../../support/use-test-app';

/** Headers that differ on every answer by design. */
const PER_ANSWER = ['date', 'x-correlation-id', 'content-security-policy'];
const headersOf = (res: request.Response) => Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_ANSWER.includes(name)));

/**
 * Issue 17: the estimate is answered in front of the framework. Through that door or through the
 * application, a caller gets the same answer, to the byte, for good input and bad; and the door
 * answers the good calls without the framework.
 */
describe('POST /api/quotes/estimate in front of the framework (issue 17)', () => {
  // Every answer of the application passes its envelope interceptor; the door's does not.
  const throughController = jest.spyOn(EnvelopeInterceptor.prototype, 'intercept');

  const sut = useTestApp();

  afterAll(async () => {
    throughController.mockRestore();
  });

  beforeEach(() => throughController.mockClear());

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
