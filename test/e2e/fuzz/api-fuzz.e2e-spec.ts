import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { backdatePolicy } from '../../support/backdate-policy';
import { SECOND_CAR, cardToken, purchaseBody, readyToPay } from '../../support/purchase-flow';
import { dayFromToday } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { startFuzzServer, type FuzzServer } from './fuzz-server';
import {
  fieldPaths,
  mutationOf,
  nastyRange,
  operationsOf,
  sureMutationsOf,
  textMutationOf,
  toJson,
  valueAt,
  withValueAt,
  type Operation,
} from './openapi-fuzz';
import { FUZZ_JPEG, validInputs, type Caller, type FuzzIds, type ValidInput } from './valid-inputs';
import type { TestApp } from '../../support/test-app';

type Agent = Awaited<ReturnType<typeof signIn>>;

/** Random mutations per field (on top of the sure ones): FUZZ_RUNS=50 for a longer local run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
/** FUZZ_SEED repeats a run; a failure names the seed it used. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Longer than any honest answer on a busy machine; a request past it froze the server. */
const REQUEST_TIMEOUT_MS = 8_000;

interface Input {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Every endpoint of the OpenAPI document, each from a known-good request (valid-inputs.ts) on
 * real ids of a customer with a policy, then with exactly ONE field, query value or path value
 * gone wrong (fast-check: NUL and controls inside valid text, huge strings, wrong types, deep
 * trees, unicode, emoji, right-to-left text, numbers out of range, far and impossible dates and
 * ranges), so the bad value reaches the service and the database: never a 5xx, never a hang.
 * The server runs in its own process, so a request that freezes it is a timeout here.
 */
describe('API fuzz: every endpoint, one field wrong at a time, never a 5xx (issue 14, finding 8)', () => {
  jest.setTimeout(600_000);
  let sut: FuzzServer;
  let ids: FuzzIds;
  const callers = {} as Record<Caller, Agent>;

  beforeAll(async () => {
    sut = await startFuzzServer({ SEED_DEMO: 'true' });
    const app = sut as unknown as TestApp;
    const customerEmail = uniqueEmail('fuzz');
    const customer = await signIn(app, customerEmail);
    const quoteId = await readyToPay(customer, 'standard', { vehicles: [SECOND_CAR] });
    const paymentToken = await cardToken(customer);
    const bought = await customer
      .post('/api/policies')
      .set('Idempotency-Key', randomUUID())
      .send(purchaseBody(quoteId, paymentToken, { startDate: dayFromToday(0) }))
      .expect(201);
    const policyId: string = bought.body.payload.policy.id;
    // Started two days back, so a reading or a claim of an hour ago is in its cover just after midnight too.
    await backdatePolicy(app, policyId, 2);
    const device = (await customer.post('/api/mobile/devices').send({ name: 'Fuzz phone', platform: 'android' }).expect(201)).body.payload;
    const reading = (
      await customer
        .post(`/api/policies/${policyId}/odometer`)
        .send({ vehicleIndex: 0, reading: 48_000, readAt: new Date(Date.now() - 3_600_000).toISOString() })
        .expect(201)
    ).body.payload;
    // The second car's day: the first car's stays free for the dispute endpoint's own valid request.
    const dispute = (
      await customer
        .post(`/api/policies/${policyId}/miles/disputes`)
        .send({ vehicleIndex: 1, day: dayFromToday(0), reason: 'The car was in the garage all day.' })
        .expect(201)
    ).body.payload;
    const [paid] = (await customer.get('/api/payment-history').expect(200)).body.payload.entries as { id: string }[];
    // A claim with a photo, for the claims endpoints' ids.
    const claim = (
      await customer
        .post('/api/claims')
        .set('Idempotency-Key', randomUUID())
        .send({
          policyId,
          vehicleIndex: 0,
          kind: 'theft',
          occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
          location: 'Phoenix',
          description: 'My car was taken from the driveway.',
          injuries: false,
        })
        .expect(201)
    ).body.payload;
    claim.photoIds = (
      await customer.post(`/api/claims/${claim.id}/photos`).set('Content-Type', 'image/jpeg').send(Buffer.from(FUZZ_JPEG, 'base64')).expect(201)
    ).body.payload.photoIds;
    ids = {
      customerEmail,
      claimId: claim.id,
      claimPhotoId: claim.photoIds[0],
      receiptId: paid.id,
      quoteId: await readyToPay(customer),
      purchaseQuoteId: await readyToPay(customer),
      policyId,
      deviceId: device.id,
      disputeId: dispute.id,
      readingId: reading.id,
      statementId: randomUUID(),
      paymentToken: await cardToken(customer),
    };
    Object.assign(callers, {
      customer,
      device: request.agent(sut.url).set('Authorization', `Bearer ${device.token}`),
      agent: await signIn(app, 'agent@meterly.test'),
      admin: await signIn(app, 'admin@meterly.test'),
    });
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('answers every valid request, and every request with one field wrong, below 500 and in time', async () => {
    const doc = (await request(sut.url).get('/api/openapi.json').expect(200)).body;
    const { operations } = operationsOf(doc);
    const valid = validInputs(ids);
    const keyOf = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
    expect(operations.length).toBeGreaterThan(30);
    const failures = operations.filter((op) => !valid[keyOf(op)]).map((op) => `${keyOf(op)}: no valid request in valid-inputs.ts`);
    // Calls that end a session or change the fixtures go last, signing out the very last.
    const rank = (op: Operation) => (valid[keyOf(op)].last ? 1 : 0) + (op.path === '/api/auth/sign-out' ? 1 : 0);
    const ordered = operations.filter((op) => valid[keyOf(op)]).sort((a, b) => rank(a) - rank(b));
    let seed = SEED;
    const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = RUNS) => fc.sample(arbitrary, { numRuns, seed: seed++ });

    let checkedStillSignedIn = false;
    for (const op of ordered) {
      const good = valid[keyOf(op)];
      if (good.last && !checkedStillSignedIn) {
        // Until the calls that may end them, the callers must still be who they were: else the fuzz only met 401s.
        checkedStillSignedIn = true;
        for (const [caller, path] of [
          ['customer', '/api/account'],
          ['device', '/api/mobile/policies'],
          ['agent', '/api/agent/policies'],
          ['admin', '/api/admin/audit'],
        ] as const) {
          const status = (await callers[caller].get(path)).status;
          if (status !== 200) failures.push(`${caller} no longer signed in before the last calls (GET ${path} → ${status})`);
        }
      }
      const base: Input = { params: good.params ?? {}, query: good.query ?? {}, body: good.body };
      const attempts: [string, Input][] = [];
      for (const path of fieldPaths(base.body)) {
        const value = valueAt(base.body, path);
        for (const bad of [...sureMutationsOf(value), ...sample(mutationOf(value))])
          attempts.push([`body.${path.join('.')}`, { ...base, body: withValueAt(base.body, path, bad) }]);
      }
      if (base.body !== undefined) for (const bad of sample(mutationOf(base.body))) attempts.push(['body', { ...base, body: bad }]);
      for (const where of ['query', 'params'] as const) {
        for (const [name, value] of Object.entries(base[where])) {
          for (const bad of [`${value}\u0000`, ...sample(textMutationOf(value))])
            attempts.push([`${where}.${name}`, { ...base, [where]: { ...base[where], [name]: bad } }]);
        }
      }
      if ('from' in base.query && 'to' in base.query) {
        for (const range of [{ from: '1900-01-01', to: '9999-12-31' }, ...sample(nastyRange)])
          attempts.push(['query.from..to', { ...base, query: { ...base.query, ...range } }]);
      }
      // The valid request last: an endpoint that creates once (a dispute for a day) still sees the mutations.
      attempts.push(['valid', base]);
      for (const [what, input] of attempts) {
        const outcome = await send(good, op, input);
        if (outcome !== 'ok') failures.push(`${keyOf(op)} [${what}] → ${outcome}: ${describeInput(input)}`);
      }
    }
    if (failures.length) failures.unshift(`FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    expect(failures).toEqual([]);
  });

  /** 'ok' below 500 in time; else the status, or 'timeout' (after bringing the frozen server back). */
  async function send(good: ValidInput, op: Operation, input: Input): Promise<string> {
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(wellFormed(input.params[name] ?? '')));
    const method = op.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const query = Object.fromEntries(Object.entries(input.query).map(([name, value]) => [name, wellFormed(value)]));
    let call = callers[good.caller][method](path).query(query).timeout(REQUEST_TIMEOUT_MS);
    if (method !== 'get') call = call.set('Content-Type', 'application/json').send(toJson(input.body));
    if (method === 'post') call = call.set('Idempotency-Key', randomUUID());
    try {
      const res = await call.ok(() => true);
      return res.status < 500 ? 'ok' : String(res.status);
    } catch (error) {
      if (!(await sut.healthy())) await sut.restart();
      return (error as { timeout?: number }).timeout ? 'timeout' : `no answer (${(error as Error).message})`;
    }
  }
});

/** A URL cannot carry a lone surrogate at all (the client would throw, not the server): the body still does. */
function wellFormed(text: string): string {
  return (text as string & { toWellFormed(): string }).toWellFormed();
}

function describeInput(input: Input): string {
  const shorten = (_key: string, value: unknown) => (typeof value === 'string' && value.length > 60 ? `${value.slice(0, 40)}…(${value.length} chars)` : value);
  return JSON.stringify({ params: input.params, query: input.query, body: input.body }, shorten).slice(0, 400);
}
