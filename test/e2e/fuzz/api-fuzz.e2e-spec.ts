import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { cardToken, purchaseBody, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { createTestApp, type TestApp } from '../../support/test-app';
import { bodyFor, operationsOf, paramFor, type Operation } from './openapi-fuzz';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Requests per endpoint and caller: with ~60 endpoints, two callers, well under 90 s on 2 cores. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/** Calls that end the caller's own session run last, so the others are fuzzed signed in. */
const SIGNS_OUT = /logout|sign-out|session$|sessions/;

/**
 * Every endpoint of the OpenAPI document the app builds (so a new one is fuzzed without a line
 * here), with bodies from its DTO's schema gone wrong — wrong types, NUL and other controls, huge
 * strings, deep trees, unicode, emoji, right-to-left text, numbers out of range, arrays where
 * objects go — signed in as a customer with a policy and as staff: never a 5xx.
 */
describe('API fuzz: every endpoint, every field, never a 5xx (issue 14, finding 8)', () => {
  jest.setTimeout(240_000);
  let sut: TestApp;
  let customer: Client;
  let staff: Client;
  const known: Record<string, string[]> = {};

  beforeAll(async () => {
    sut = await createTestApp({ SEED_DEMO: 'true' });
    customer = await signIn(sut, uniqueEmail('fuzz'));
    const quoteId = await readyToPay(customer);
    const bought = await customer.post('/api/policies').set('Idempotency-Key', randomUUID()).send(purchaseBody(quoteId, await cardToken(customer))).expect(201);
    const policyId: string = bought.body.payload.policy.id;
    staff = await signIn(sut, 'admin@meterly.test');
    // Real ids where a path names one, so the fuzz reaches the code behind the ownership checks.
    Object.assign(known, { id: [policyId, quoteId], quoteId: [quoteId], policyId: [policyId], disputeId: [randomUUID()], file: ['declarations.pdf', 'id-card.pdf'] });
  });

  afterAll(async () => {
    await sut.close();
  });

  it('answers every fuzzed request below 500', async () => {
    const doc = (await request(sut.url).get('/api/openapi.json').expect(200)).body;
    const { operations, schemas } = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(30);
    const ordered = [...operations].sort((a, b) => Number(SIGNS_OUT.test(a.path)) - Number(SIGNS_OUT.test(b.path)));
    const failures: string[] = [];
    for (const client of [customer, staff]) {
      for (const op of ordered) {
        const sample = fc.sample(fc.record({ body: bodyFor(op, schemas), params: paramsFor(op), query: queryFor(op) }), { numRuns: RUNS });
        for (const input of sample) {
          const status = await send(client, op, input);
          if (status >= 500) failures.push(`${op.method.toUpperCase()} ${op.path} → ${status}: ${JSON.stringify(input).slice(0, 300)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  function paramsFor(op: Operation) {
    return fc.record(Object.fromEntries(op.pathParams.map((name) => [name, paramFor(known[name] ?? [])])));
  }

  function queryFor(op: Operation) {
    return fc.record(Object.fromEntries(op.queryParams.map((name) => [name, paramFor([])])), { requiredKeys: [] });
  }

  /** A URL cannot carry a lone surrogate at all (the client would throw, not the server): the body still does. */
  function wellFormed(text: string): string {
    return (text as string & { toWellFormed(): string }).toWellFormed();
  }

  async function send(client: Client, op: Operation, input: { body: unknown; params: Record<string, string>; query: Record<string, string | undefined> }): Promise<number> {
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(wellFormed(input.params[name] ?? 'x')));
    const method = op.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let call = client[method](path).query(Object.fromEntries(Object.entries(input.query).map(([k, v]) => [k, wellFormed(v ?? '')]))).timeout(20_000);
    if (method !== 'get') call = call.set('Content-Type', 'application/json').send(JSON.stringify(input.body) ?? 'null');
    // Purchases and the like ask for an idempotency key; some get one, some do not.
    if (method === 'post') call = call.set('Idempotency-Key', randomUUID());
    const res = await call.ok(() => true);
    return res.status;
  }
});
