import { randomBytes } from 'node:crypto';
import { addDays } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { PROOF_LINK_LIFETIME_MS } from '../../../src/shared/policy/proof-link-model';
import { captureOutput } from '../../support/capture-output';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy, type SignedInClient } from '../../support/policy-customer';
import { SECOND_CAR } from '../../support/purchase-flow';
import { signIn } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import type { ProofLinkCreated, ProofLinkView } from '../../../src/shared/policy/proof-link-model';
import type request from 'supertest';

/**
 * Issue 27: share-proof links. The owner (or staff for them) makes, lists and revokes a link; the
 * link's page shows the ID card's facts for 24 hours, and the same 404 for anything that is not a
 * live link of a policy in force; nothing crosses customers; every view is audited; the token is
 * never logged.
 */
/** A change the browser sends: JSON, even without a body. */
const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('Share-proof links (issue 27)', () => {
  jest.setTimeout(240_000);
  const clock = new TestClock();
  // Every line the server logs while this file runs: no token may be among them.
  const output = captureOutput();
  const sut = useTestApp({ env: { TRUSTED_PROXIES: 'loopback', LOG_LEVEL: 'info', SEED_DEMO: 'true' }, clock });
  const tokens: string[] = [];

  let owner: SignedInClient;
  let ownerEmail: string;
  let policyId: string;
  let other: SignedInClient;
  let otherPolicyId: string;
  let ipSeq = 10;

  /** A reader of links at an address of its own (the page is rate-limited by address). */
  const reader = () => {
    const ip = `198.51.100.${ipSeq++}`;
    return (path: string) => sut.http().get(path).set('X-Forwarded-For', ip);
  };
  const pathOf = (url: string) => new URL(url).pathname;
  const make = async (client: SignedInClient, id: string, body: object = {}): Promise<ProofLinkCreated> => {
    const res = await client.post(`/api/policies/${id}/proof-links`).send(body).expect(201);
    const link = res.body.payload as ProofLinkCreated;
    tokens.push(pathOf(link.url).split('/').pop()!);
    return link;
  };
  const live = async (client: SignedInClient, id: string) => (await client.get(`/api/policies/${id}/proof-links`).expect(200)).body.payload as ProofLinkView[];
  /** The page's body without its per-request nonce and the path asked for (its other language's link). */
  const bodyOf = (res: request.Response) => res.text.replace(/nonce="[^"]+"/g, 'nonce=""').replace(/\/proof\/[^"]*"/g, '/proof/…"');
  /** A new session of the customer (another browser): a minute on, past the one link a minute an address may ask for. */
  const anotherSession = async (email: string) => {
    clock.advance(2 * 60_000);
    return signIn(sut, email);
  };

  beforeAll(async () => {
    const bought = await customerWithPolicy(sut, 'proof-owner', { vehicles: [SECOND_CAR] });
    [owner, ownerEmail, policyId] = [bought.web, bought.email, bought.policyId];
    const second = await customerWithPolicy(sut, 'proof-other');
    [other, otherPolicyId] = [second.web, second.policyId];
  });

  afterAll(() => {
    output.restore();
  });

  it('makes a link for one car, lists it without its token, shows the card, and revokes it', async () => {
    const link = await make(owner, policyId, { vehicleIndex: 0 });
    expect(pathOf(link.url)).toMatch(/^\/proof\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(link.expiresAt).getTime() - new Date(link.createdAt).getTime()).toBe(PROOF_LINK_LIFETIME_MS);
    expect(link).toMatchObject({ vehicleIndex: 0, madeBy: 'customer', views: 0, lastViewedAt: null });

    const listed = await live(owner, policyId);
    expect(listed.map((l) => l.id)).toContain(link.id);
    expect(JSON.stringify(listed)).not.toContain(pathOf(link.url).split('/').pop());

    const page = await reader()(pathOf(link.url)).expect(200);
    const [policy] = await queryRows<{ number: string }>(sut, 'SELECT number FROM policies WHERE id = $1', [policyId]);
    expect(page.text).toContain(policy.number);
    expect(page.text).toContain('Proof of insurance');
    expect(page.text).toContain('<html lang="en-US">');
    expect(page.text).toMatch(/This link expires on/);
    // One car: the quote's, not the Toyota added after it.
    expect(page.text).not.toContain('Toyota');
    // Only what the card shows: no e-mail, no price, no coverage beyond liability.
    expect(page.text).not.toContain(ownerEmail);
    expect(page.text).not.toMatch(/\$\d+\.\d\d|deductible|Collision/i);
    expect((await live(owner, policyId)).find((l) => l.id === link.id)).toMatchObject({ views: 1, lastViewedAt: expect.any(String) });

    await owner.delete(`/api/policies/${policyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(200);
    expect((await live(owner, policyId)).map((l) => l.id)).not.toContain(link.id);
    const after = await reader()(pathOf(link.url)).expect(404);
    expect(after.text).toContain('This link shows nothing');
    // Revoked already: not a live link any more.
    const again = await owner.delete(`/api/policies/${policyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(404);
    expect(again.body).toMatchObject({ success: false, error: { code: 'PROOF_LINK_NOT_FOUND', message: expect.any(String) } });
  });

  it('shows every car for a link of all cars, in Spanish under /es, with no-store, noindex and no-referrer', async () => {
    const link = await make(owner, policyId);
    expect(link.vehicleIndex).toBeNull();
    const token = pathOf(link.url).split('/').pop()!;
    const page = await reader()(`/es/proof/${token}`).expect(200);
    expect(page.text).toContain('<html lang="es">');
    expect(page.text).toContain('Comprobante de seguro');
    expect(page.text).toContain('Este enlace vence el');
    expect(page.text).toContain('Toyota');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('answers a guessed token and a malformed one with the same 404 page, under both prefixes', async () => {
    const open = reader();
    const guessed = await open(`/proof/${randomBytes(32).toString('base64url')}`).expect(404);
    const malformed = await open('/proof/not-a-token').expect(404);
    const long = await open(`/proof/${'A'.repeat(500)}`).expect(404);
    // 43 characters whose last carries bits a 32-byte token never has: not ours either.
    const nonCanonical = await open(`/proof/${randomBytes(32).toString('base64url').slice(0, 42)}B`).expect(404);
    expect(bodyOf(malformed)).toBe(bodyOf(guessed));
    expect(bodyOf(long)).toBe(bodyOf(guessed));
    expect(bodyOf(nonCanonical)).toBe(bodyOf(guessed));
    expect(guessed.headers['cache-control']).toBe('no-store');
    expect(guessed.headers['x-robots-tag']).toMatch(/noindex/);
    const spanish = await open('/es/proof/nada').expect(404);
    expect(spanish.text).toContain('Este enlace no muestra nada');
  });

  it("lets no other customer make, list or revoke a policy's links, nor revoke them through their own policy", async () => {
    const link = await make(owner, policyId, { vehicleIndex: 0 });
    const notFound = { success: false, error: { code: 'POLICY_NOT_FOUND', message: expect.any(String) } };
    expect((await other.post(`/api/policies/${policyId}/proof-links`).send({}).expect(404)).body).toMatchObject(notFound);
    expect((await other.get(`/api/policies/${policyId}/proof-links`).expect(404)).body).toMatchObject(notFound);
    expect((await other.delete(`/api/policies/${policyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(404)).body).toMatchObject(notFound);
    // Their own policy with the owner's link id: no such link of that policy.
    const crossed = await other.delete(`/api/policies/${otherPolicyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(404);
    expect(crossed.body.error.code).toBe('PROOF_LINK_NOT_FOUND');
    expect((await live(other, otherPolicyId)).map((l) => l.id)).not.toContain(link.id);
    // The link still shows the owner's card.
    await reader()(pathOf(link.url)).expect(200);
    // A link id that is not a UUID is simply not there.
    expect((await owner.delete(`/api/policies/${policyId}/proof-links/nope`).set(JSON_TYPE).expect(404)).body.error.code).toBe('PROOF_LINK_NOT_FOUND');
    // Signed out: no route at all.
    await sut.browserLike().get(`/api/policies/${policyId}/proof-links`).expect(401);
  });

  it('refuses a car the policy does not have, and fields it does not know', async () => {
    const car = await owner.post(`/api/policies/${policyId}/proof-links`).send({ vehicleIndex: 7 }).expect(400);
    expect(car.body).toMatchObject({ success: false, error: { code: 'PROOF_LINK_CAR_UNKNOWN' } });
    const odd = await owner.post(`/api/policies/${policyId}/proof-links`).send({ vehicleIndex: 'all', token: 'x' }).expect(400);
    expect(odd.body).toMatchObject({ success: false, error: { code: 'INVALID_INPUT', message: expect.any(String) } });
  });

  it('lets staff acting for the customer make, list and revoke a link, each audited under the staff member for the customer', async () => {
    const admin = await signIn(sut, 'admin@meterly.test');
    await admin.post('/api/agent/on-behalf').send({ email: ownerEmail }).expect(200);
    try {
      const res = await admin.post(`/api/policies/${policyId}/proof-links`).send({ vehicleIndex: null }).expect(201);
      const link = res.body.payload as ProofLinkCreated;
      tokens.push(pathOf(link.url).split('/').pop()!);
      expect(link.madeBy).toBe('staff');
      expect((await live(admin, policyId)).map((l) => l.id)).toContain(link.id);
      // The customer sees who made it.
      expect((await live(owner, policyId)).find((l) => l.id === link.id)).toMatchObject({ madeBy: 'staff' });
      await admin.delete(`/api/policies/${policyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(200);
      const rows = await queryRows<{ action: string; actor_email: string; customer_email: string }>(
        sut,
        `SELECT action, actor_email, customer_email FROM audit_log WHERE action LIKE 'proof-link.%' AND target LIKE '%' || $1 ORDER BY id`,
        [link.id],
      );
      expect(rows).toEqual([
        { action: 'proof-link.create', actor_email: 'admin@meterly.test', customer_email: ownerEmail },
        { action: 'proof-link.revoke', actor_email: 'admin@meterly.test', customer_email: ownerEmail },
      ]);
    } finally {
      await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    }
  });

  it('stops showing a link revoked from a second session (another browser)', async () => {
    const link = await make(owner, policyId);
    const secondTab = await anotherSession(ownerEmail);
    await secondTab.delete(`/api/policies/${policyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(200);
    await reader()(pathOf(link.url)).expect(404);
    expect((await owner.delete(`/api/policies/${policyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(404)).body.error.code).toBe('PROOF_LINK_NOT_FOUND');
  });

  it('audits making, each view and revoking, naming the customer and never the token', async () => {
    const link = await make(owner, policyId);
    const open = reader();
    await open(pathOf(link.url)).expect(200);
    await open(pathOf(link.url)).expect(200);
    await owner.delete(`/api/policies/${policyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(200);
    const rows = await queryRows<{ action: string; actor_role: string; customer_email: string | null; target: string }>(
      sut,
      `SELECT action, actor_role, customer_email, target FROM audit_log WHERE target LIKE '%' || $1 ORDER BY id`,
      [link.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['proof-link.create', 'proof-link.view', 'proof-link.view', 'proof-link.revoke']);
    expect(rows.filter((r) => r.action === 'proof-link.view')).toEqual([
      expect.objectContaining({ actor_role: 'public', customer_email: ownerEmail }),
      expect.objectContaining({ actor_role: 'public', customer_email: ownerEmail }),
    ]);
    const [{ views }] = await queryRows<{ views: number }>(sut, 'SELECT view_count AS views FROM proof_links WHERE id = $1', [link.id]);
    expect(views).toBe(2);
    // The table keeps the token's hash only.
    const [{ hash }] = await queryRows<{ hash: Buffer }>(sut, 'SELECT token_hash AS hash FROM proof_links WHERE id = $1', [link.id]);
    expect(hash).toHaveLength(32);
  });

  it('limits the page by client address: a guesser gets 429 after 30 tries in ten minutes', async () => {
    const open = reader();
    for (let i = 0; i < 30; i++) await open(`/proof/${randomBytes(32).toString('base64url')}`).expect(404);
    const limited = await open(`/proof/${randomBytes(32).toString('base64url')}`).expect(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.headers['cache-control']).toBe('no-store');
    // Another address is not held up.
    await reader()('/proof/x').expect(404);
  });

  it('shows a link for 24 hours and nothing after, and lists it no more', async () => {
    const link = await make(owner, policyId);
    try {
      clock.advance(PROOF_LINK_LIFETIME_MS - 60_000);
      await reader()(pathOf(link.url)).expect(200);
      clock.advance(2 * 60_000);
      const expired = await reader()(pathOf(link.url)).expect(404);
      expect(expired.text).toContain('This link shows nothing');
      // A day on, the first session has timed out: the customer signs in again.
      const later = await anotherSession(ownerEmail);
      expect((await live(later, policyId)).map((l) => l.id)).not.toContain(link.id);
      expect((await later.delete(`/api/policies/${policyId}/proof-links/${link.id}`).set(JSON_TYPE).expect(404)).body.error.code).toBe('PROOF_LINK_NOT_FOUND');
    } finally {
      clock.advance(-(PROOF_LINK_LIFETIME_MS + 3 * 60_000));
    }
  });

  it('shows nothing once the cover has ended, and makes no link for a policy not in force', async () => {
    const link = await make(other, otherPolicyId);
    await reader()(pathOf(link.url)).expect(200);
    const today = stateDay(clock.now(), 'AZ');
    await other.post(`/api/policies/${otherPolicyId}/cancel`).send({ date: today }).expect(200);
    // Cancelled from today: covered until today ends, as its ID card is.
    await reader()(pathOf(link.url)).expect(200);
    await queryRows(sut, 'UPDATE policies SET cancellation_date = $2 WHERE id = $1', [otherPolicyId, addDays(today, -1)]);
    await reader()(pathOf(link.url)).expect(404);
    const refused = await other.post(`/api/policies/${otherPolicyId}/proof-links`).send({}).expect(409);
    expect(refused.body.error.code).toBe('PROOF_NOT_AVAILABLE');
  });

  it('never writes a token to the log', () => {
    const logged = output.text();
    expect(logged).toContain('/proof/[redacted]');
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) expect(logged).not.toContain(token);
  });
});
