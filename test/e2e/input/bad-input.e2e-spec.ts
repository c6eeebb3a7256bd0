import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { GOOD_ANSWERS } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/** A JSON text nested `depth` arrays deep. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('Bad input answers 4xx quickly: dates and ranges, nesting, control characters, static paths (issue 14, findings 2 and 8)', () => {
  jest.setTimeout(120_000);
  let web: Client;
  let policyId: string;
  const app = () => request(sut.url);

  const sut = useTestApp();

  beforeAll(async () => {
    web = await signIn(sut, uniqueEmail('input'));
    const quoteId = await readyToPay(web);
    const bought = await buyQuote(web, quoteId);
    policyId = bought.body.payload.policy.id;
  });

  describe('dates and ranges (finding 2)', () => {
    it('refuses a range of days past the years we accept, or longer than a year, before building any day list', async () => {
      for (const [from, to] of [
        ['1900-01-01', '9999-12-31'],
        ['2026-01-01', '10000-01-01'],
        ['0000-01-01', '0000-01-02'],
        ['2026-01-01', '2027-01-03'],
        ['2026-11-02', '2026-11-01'],
      ]) {
        const res = await web.get(`/api/policies/${policyId}/miles?from=${from}&to=${to}`).expect(400);
        expect(res.body).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
      }
      // Arrays and objects where a day goes are refused too, not turned into "2026-11-01,2026-11-02".
      await web.get(`/api/policies/${policyId}/miles?from=2026-11-01&from=2026-11-02&to=2026-11-03`).expect(400);
      await web.get(`/api/policies/${policyId}/miles?from[a]=1&to=2026-11-03`).expect(400);
    });

    it('refuses days off the calendar or past the years we accept wherever a day comes in', async () => {
      await web.post(`/api/policies/${policyId}/cancel`).send({ date: '2026-02-30' }).expect(400);
      await web.post(`/api/policies/${policyId}/cancel`).send({ date: '9999-12-31' }).expect(400);
      await web.post(`/api/policies/${policyId}/miles/disputes`).send({ vehicleIndex: 0, day: '0000-01-01', reason: 'No such day' }).expect(400);
      await web.post(`/api/policies/${policyId}/odometer`).send({ vehicleIndex: 0, reading: 10, readAt: '9999-12-31T23:59:59+14:00' }).expect(400);
      const res = await web.post(`/api/policies/${policyId}/cancel`).send({ date: '2026-13-01' }).expect(400);
      expect(res.body.error.fields).toEqual({ date: expect.any(String) });
      // The policy is still there, active.
      expect((await web.get(`/api/policies/${policyId}`).expect(200)).body.payload.status).toBe('active');
    });
  });

  describe('nesting and control characters (finding 8)', () => {
    it('refuses JSON nested deeper than any of our forms, at the body parser, on every path', async () => {
      for (const path of ['/api/quotes', '/api/logs', `/api/policies/${policyId}/miles/disputes`, '/api/no-such-endpoint']) {
        const res = await web
          .post(path)
          .set('Content-Type', 'application/json')
          .send(`{"a":${nested(10_000)}}`)
          .expect(400);
        expect(res.body).toMatchObject({ success: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/nests/) } });
      }
      // A body as deep as ours still reaches its DTO (which names the bad field).
      await web
        .post('/api/quotes')
        .send({ ...GOOD_ANSWERS, driver: { ...GOOD_ANSWERS.driver, firstName: [[[['x']]]] } })
        .expect(400);
    });

    it('refuses a NUL or another control character in any text, body, query or path, naming the field', async () => {
      const quote = await web
        .post('/api/quotes')
        .send({ ...GOOD_ANSWERS, driver: { ...GOOD_ANSWERS.driver, firstName: 'An\u0000a' } })
        .expect(400);
      expect(quote.body).toMatchObject({ success: false, error: { code: 'INVALID_INPUT', fields: { 'driver.firstName': expect.any(String) } } });
      const cases: [string, object][] = [
        ['/api/auth/magic-link', { email: 'a\u0000@example.com' }],
        [`/api/policies/${policyId}/cancel`, { date: '2026-12-01', reason: 'sold\u0000' }],
        [`/api/policies/${policyId}/miles/disputes`, { vehicleIndex: 0, day: '2026-11-01', reason: 'gar\u0007age' }],
        ['/api/mobile/devices', { name: 'Pix\u0000el', platform: 'android' }],
        ['/api/quotes', { ...GOOD_ANSWERS, ['ke\u0000y']: 1 }],
      ];
      for (const [path, body] of cases) await web.post(path).send(body).expect(400);
      await web.get(`/api/policies/${policyId}/miles?from=2026-11-01%00&to=2026-11-02`).expect(400);
      await web.get(`/api/policies/%00`).expect(400);
      // Tabs and line breaks are text, not control: a reason may have several lines.
      await web
        .post(`/api/policies/${policyId}/miles/disputes`)
        .send({ vehicleIndex: 0, day: '2020-01-01', reason: 'line one\nline\ttwo' })
        .expect((res) => expect(res.status).not.toBe(400));
    });

    it('refuses text that is not well-formed Unicode (a lone surrogate), which the e-mail check and PostgreSQL json threw on', async () => {
      // JSON may escape half a surrogate pair; the fuzz found it as a 500 from validator's isEmail and from a jsonb column.
      const cases: [string, string, string][] = [
        ['/api/quotes/waitlist', '{"email":"jane@example\\ud800.com","zip":"10001"}', 'email'],
        ['/api/session', '{"attribution":{"utm_term":"a\\udc00"}}', 'attribution.utm_term'],
        [`/api/quotes/${randomUUID()}/application/history`, '{"priorInsurance":"over-3-years","currentCarrier":"\\ud800"}', 'currentCarrier'],
      ];
      for (const [path, json, field] of cases) {
        const res = await web[path.includes('history') ? 'put' : 'post'](path).set('Content-Type', 'application/json').send(json);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, error: { code: 'INVALID_INPUT', fields: { [field]: expect.any(String) } } });
      }
      // A whole pair (an emoji) is text.
      await web.post('/api/session').set('Content-Type', 'application/json').send('{"attribution":{"utm_term":"\\ud83d\\ude97"}}').expect(200);
    });

    it('refuses an array where a nested form goes, in every DTO (one the fuzz found reached the browser-log service as a 500)', async () => {
      const quoteId: string = (await web.post('/api/quotes').send(GOOD_ANSWERS).expect(201)).body.payload.id;
      const cases: [string, 'post' | 'put', object, string][] = [
        ['/api/logs', 'post', { logs: [[]] }, 'logs'],
        [`/api/quotes/${quoteId}/application/drivers`, 'put', { drivers: [[]] }, 'drivers'],
        [`/api/quotes/${quoteId}/application/vehicles`, 'put', { vehicles: [['Honda']] }, 'vehicles'],
        ['/api/session', 'post', { attribution: [] }, 'attribution'],
        [
          '/api/quotes/estimate',
          'post',
          { zip: '85004', vehicle: GOOD_ANSWERS.vehicle, driver: GOOD_ANSWERS.driver, incidents: [[]], milesPerMonth: 600 },
          'incidents',
        ],
      ];
      for (const [path, method, body, field] of cases) {
        const res = await web[method](path).send(body);
        expect([path, res.status]).toEqual([path, 400]);
        expect(res.body.error.fields).toHaveProperty([field]);
      }
    });

    it('answers 4xx, never 500, for the other values the fuzz found: a null VIN or account name or language, year 0000 in analytics, 9e-323 miles', async () => {
      const quoteId: string = (await web.post('/api/quotes').send(GOOD_ANSWERS).expect(201)).body.payload.id;
      // null is no VIN: the car is known by its year, make and model.
      await web
        .put(`/api/quotes/${quoteId}/application/vehicles`)
        .send({ vehicles: [{ vin: null, year: 2016, make: 'Toyota', model: 'RAV4' }] })
        .expect(200);
      await web.post('/api/consent').send({ tracking: true, advertising: false, source: 'settings' }).expect(200);
      for (const sentAt of ['0000-01-01', '+275760-09-13T00:00:00Z', '2026-11-25']) {
        const res = await web
          .post('/api/a/b')
          .send({ batch: [{ type: 'track', messageId: 'fuzz-1', event: 'Quote Started' }], sentAt })
          .expect(400);
        expect(res.body.error.fields).toHaveProperty(['sentAt']);
      }
      const device = (await web.post('/api/mobile/devices').send({ name: 'Fuzz phone', platform: 'android' }).expect(201)).body.payload;
      const trip = {
        clientTripId: 'tiny-1',
        vehicle: `${policyId}:0`,
        startedAt: new Date(Date.now() - 600_000).toISOString(),
        endedAt: new Date(Date.now() - 60_000).toISOString(),
      };
      // null as the account's name clears it; null as its language is refused (both were 500s).
      await web.put('/api/account').send({ name: 'Ana García' }).expect(200);
      expect((await web.put('/api/account').send({ name: null }).expect(200)).body.payload.name).toBeNull();
      expect((await web.put('/api/account').send({ preferredLocale: null }).expect(400)).body.error.fields).toHaveProperty(['preferredLocale']);
      for (const miles of [9e-323, 1e-7, 1.005]) {
        await request(sut.url)
          .post('/api/mobile/trips')
          .set('Authorization', `Bearer ${device.token}`)
          .send({ trips: [{ ...trip, miles }] })
          .expect(400);
      }
    });
  });

  describe('static files (finding 8)', () => {
    it('answers 4xx, never 500, for encoded traversal under /assets', async () => {
      const paths = [
        '/assets/%2e%2e/%2e%2e/package.json',
        '/assets/..%2f..%2fpackage.json',
        '/assets/%2e%2e%2fserver%2fsrc%2fmain.js',
        '/assets/%c0%ae%c0%ae/x',
        '/assets/%',
        '/assets/a%00b.js',
        '/assets/..%5c..%5cpackage.json',
        '/assets/no-such-file.js',
      ];
      const statuses = await Promise.all(paths.map(async (path) => [path, (await app().get(path)).status]));
      expect(statuses).toEqual(paths.map((path) => [path, ['/assets/%', '/assets/%c0%ae%c0%ae/x'].includes(path) ? 400 : 404]));
    });
  });
});
