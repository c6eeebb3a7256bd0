import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { USER_DATA_DECISIONS } from '../../../src/modules/account-deletion';
import { atArizonaHour } from '../../support/arizona-time';
import { captureOutput } from '../../support/capture-output';
import { waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy } from '../../support/policy-customer';
import { readyToPay } from '../../support/purchase-flow';
import { dayFromToday } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

const JSON_TYPE = { 'Content-Type': 'application/json' };
/** Ana's analytics id (her cookie decision's, and her events' before sign-in). */
const ANON = randomUUID();
const ROUTE = { startCity: 'Phoenix', endCity: 'Tempe', polyline: '_p~iF~ps|U_ulLnnqC' };

/** The deletion link's token in the confirmation e-mail. */
function tokenFrom(mail: { text: string }): { token: string; path: string } {
  const match = /https?:\/\/[^/\s]+((?:\/es)?\/account\/delete\/([A-Za-z0-9_-]{43}))/.exec(mail.text);
  if (!match) throw new Error(`No deletion link in:\n${mail.text}`);
  return { path: match[1], token: match[2] };
}

describe('Deleting an account (issue 27): asked, e-mailed, confirmed on the page, erased and kept, signed out everywhere', () => {
  jest.setTimeout(180_000);
  // Every line the server logs while this file runs: no token may be among them.
  const output = captureOutput();
  const sut = useTestApp({ env: { SEED_DEMO: 'true', LOG_LEVEL: 'info' }, drainMail: true });
  const tokens: string[] = [];
  const app = () => request(sut.url);
  const userOf = async (email: string) => (await queryRows<{ id: string }>(sut, `SELECT id FROM users WHERE lower(email) = lower($1)`, [email]))[0]?.id;
  /** The page's form, as the browser posts it (from our own page). */
  const postForm = (client: request.Agent | ReturnType<typeof app>, token: string, lang = 'en-US') =>
    client.post('/api/account/deletion/confirm').set('Origin', sut.url).type('form').send({ token, lang });

  let ana: { web: Client; email: string; policyId: string; token: string };
  let admin: Client;

  beforeAll(async () => {
    const bought = await customerWithPolicy(sut, 'del-ana', { producerId: 'MTR-1001' });
    const device: string = (await bought.web.post('/api/mobile/devices').send({ name: 'Ana phone', platform: 'ios' }).expect(201)).body.payload.token;
    ana = { ...bought, token: device };
    admin = await signIn(sut, 'admin@meterly.test');
  });

  it('refuses while a policy is in force, saying which and what to do; nothing is sent or opened', async () => {
    const [{ number }] = await queryRows<{ number: string }>(sut, `SELECT number FROM policies WHERE id = $1`, [ana.policyId]);
    const mailsBefore = await sut.mailCount(ana.email);
    const preview = (await ana.web.get('/api/account/deletion').expect(200)).body.payload;
    expect(preview).toEqual({ blockers: [{ kind: 'policy-in-force', reference: number, policyId: ana.policyId }] });
    const refused = await ana.web.post('/api/account/deletion').set(JSON_TYPE).send({}).expect(409);
    expect(refused.body).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'ACCOUNT_DELETION_BLOCKED', extra: { blockers: preview.blockers } }),
    });
    expect(await sut.mailCount(ana.email)).toBe(mailsBefore);
    expect(await queryRows(sut, `SELECT 1 FROM privacy_requests WHERE lower(email) = lower($1)`, [ana.email])).toEqual([]);
  });

  it('is not for staff accounts', async () => {
    const refused = await admin.get('/api/account/deletion').expect(403);
    expect(refused.body.error.code).toBe('ACCOUNT_DELETION_STAFF');
    await admin.post('/api/account/deletion').set(JSON_TYPE).send({}).expect(403);
  });

  let link: { token: string; path: string };
  let userId: string;
  let otherSession: Client;

  it('e-mails a single-use link once nothing stops it; the link alone (a GET, as a mail scanner makes) erases nothing', async () => {
    // Ana's data: a kept route, an unbought quote, a share-proof link, cookie and analytics records; then her policy ends.
    await ana.web.put('/api/account/locations').send({ choice: 'keep' }).expect(200);
    const day = dayFromToday(-2);
    await app()
      .post('/api/mobile/trips')
      .set({ Authorization: `Bearer ${ana.token}` })
      .send({
        trips: [
          {
            clientTripId: randomUUID(),
            vehicle: `${ana.policyId}:0`,
            startedAt: atArizonaHour(day, 8),
            endedAt: atArizonaHour(day, 9),
            miles: 12,
            route: ROUTE,
          },
        ],
      })
      .expect(200);
    await ana.web.post(`/api/policies/${ana.policyId}/proof-links`).send({ vehicleIndex: 0 }).expect(201);
    await readyToPay(ana.web, 'standard');
    userId = (await userOf(ana.email))!;
    await queryRows(
      sut,
      `INSERT INTO consent_records (anonymous_id, user_id, tracking, advertising, source, policy_version) VALUES ($2, $1, true, false, 'banner-accept', 'v1')`,
      [userId, ANON],
    );
    await queryRows(
      sut,
      `INSERT INTO analytics_events (message_id, type, event, anonymous_id, user_id) VALUES ($1, 'track', 'x', $4, NULL), ($2, 'page', NULL, 'other', $3)`,
      [randomUUID(), randomUUID(), userId, ANON],
    );
    await queryRows(sut, `UPDATE policies SET status = 'cancelled', cancellation_date = current_date - 1, cancelled_at = now() WHERE id = $1`, [ana.policyId]);
    await queryRows(sut, `UPDATE statements SET status = 'paid', paid_at = now() WHERE policy_id = $1 AND status <> 'paid'`, [ana.policyId]);
    // Ended yesterday: its final statement is not made yet (late miles), so the account waits for it.
    const [{ number }] = await queryRows<{ number: string }>(sut, `SELECT number FROM policies WHERE id = $1`, [ana.policyId]);
    expect((await ana.web.get('/api/account/deletion').expect(200)).body.payload).toEqual({
      blockers: [{ kind: 'final-bill-pending', reference: number, policyId: ana.policyId }],
    });
    await queryRows(
      sut,
      `INSERT INTO statements (policy_id, period_index, period_start, period_end, lines, total_cents, status, paid_at)
       SELECT id, (SELECT coalesce(max(period_index) + 1, 0) FROM statements WHERE policy_id = $1), effective_date, cancellation_date, '[]', 1234, 'paid', now()
         FROM policies WHERE id = $1`,
      [ana.policyId],
    );
    await queryRows(sut, `DELETE FROM rate_limit_hits`); // a second sign-in of the address within the minute: its limit is not what is tested here
    otherSession = await signIn(sut, ana.email);

    expect((await ana.web.get('/api/account/deletion').expect(200)).body.payload).toEqual({ blockers: [] });
    const asked = (await ana.web.post('/api/account/deletion').set(JSON_TYPE).send({}).expect(201)).body.payload;
    expect(asked).toEqual({ requestId: expect.any(String), sentTo: ana.email, expiresAt: expect.stringMatching(/Z$/) });
    const mail = await waitForMailLike(sut.databaseUrl, ana.email, /Confirm deleting your Meterly account/);
    link = tokenFrom(mail);
    tokens.push(link.token);
    expect(mail.text).toContain('24 hours');
    // Kept as a hash only.
    const stored = await queryRows<{ hash: Buffer }>(sut, `SELECT token_hash AS hash FROM account_deletion_links WHERE user_id = $1`, [userId]);
    expect(stored).toHaveLength(1);
    expect(stored[0].hash.toString('base64url')).not.toBe(link.token);

    const page = await app().get(link.path).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('Delete your Meterly account');
    expect(page.text).toContain('What the law makes us keep');
    expect(page.text).toContain('method="post" action="/api/account/deletion/confirm"');
    expect(page.text).not.toContain(ana.email); // masked
    await app().get(link.path).expect(200);
    expect((await ana.web.get('/api/account').expect(200)).body.payload.email).toBe(ana.email);
    expect(await queryRows(sut, `SELECT status FROM privacy_requests WHERE id = $1`, [asked.requestId])).toEqual([{ status: 'open' }]);
  });

  it('says clearly when a token is guessed or cut short, and lets no other signed-in customer use it', async () => {
    const guessed = 'A'.repeat(43);
    expect((await app().get(`/account/delete/${guessed}`).expect(404)).text).toContain('This link does not work');
    expect((await app().get('/es/account/delete/short').expect(404)).text).toContain('Este enlace no funciona');
    const unknown = await app().post('/api/account/deletion/confirm').set(JSON_TYPE).send({ token: guessed }).expect(404);
    expect(unknown.body.error.code).toBe('ACCOUNT_DELETION_LINK_UNKNOWN');
    const ben = await signIn(sut, uniqueEmail('del-ben'));
    const refused = await ben.post('/api/account/deletion/confirm').send({ token: link.token }).expect(403);
    expect(refused.body.error.code).toBe('ACCOUNT_DELETION_OTHER_ACCOUNT');
    const form = await postForm(ben, link.token).expect(303);
    expect(form.headers.location).toBe(`${link.path}?refused=other-account`);
    expect((await ben.get('/api/account').expect(200)).body.payload.email).toMatch(/^del-ben-/);
    expect(await userOf(ana.email)).toBe(userId);
  });

  it('deletes on the confirm from the page: tombstoned, signed out everywhere, the kept records still linked, the rest erased, the request completed', async () => {
    // Her policy was shared with a spouse, and she had a copy of her data waiting: both go with her.
    await queryRows(
      sut,
      `INSERT INTO household_members (policy_id, name, email, role, locale, token_hash, invited_by_user_id, invited_by_email, on_behalf, created_at, expires_at)
       VALUES ($1, 'Sam Spouse', 'sam.spouse@example.com', 'view', 'en-US', $2, $3, $4, false, now(), now() + interval '14 days')`,
      [ana.policyId, randomBytes(32), userId, ana.email],
    );
    await queryRows(
      sut,
      `INSERT INTO privacy_requests (kind, status, user_id, email, received_at, due_at, closed_at) VALUES ('access', 'completed', $1, $2, now(), now() + interval '45 days', now())`,
      [userId, ana.email],
    );
    await queryRows(
      sut,
      `INSERT INTO data_exports (request_id, user_id, locale, json, pdf, created_at, expires_at)
       SELECT id, $1, 'en-US', '\\x7b7d', '\\x25504446', now(), now() + interval '7 days' FROM privacy_requests WHERE user_id = $1 AND kind = 'access'`,
      [userId],
    );
    expect(await queryRows(sut, `SELECT count(*)::int AS n FROM data_exports WHERE user_id = $1`, [userId])).toEqual([{ n: 1 }]);
    const stranger = request.agent(sut.url);
    const posted = await postForm(stranger, link.token).expect(303);
    expect(posted.headers.location).toBe('/account/deleted');
    const landed = await stranger.get('/account/deleted').expect(200);
    expect(landed.text).toContain('Your account is deleted');

    const [user] = await queryRows<{ email: string; name: string | null }>(sut, `SELECT email, name FROM users WHERE id = $1`, [userId]);
    expect(user).toEqual({ email: `deleted-${userId}@invalid`, name: null });
    // Every session and the app's token are gone.
    expect((await ana.web.get('/api/account').expect(401)).body.success).toBe(false);
    await otherSession.get('/api/account').expect(401);
    await app()
      .get('/api/mobile/policies')
      .set({ Authorization: `Bearer ${ana.token}` })
      .expect(401);
    expect(await queryRows(sut, `SELECT 1 FROM session WHERE user_id = $1`, [userId])).toEqual([]);
    // Kept, and still the account's.
    expect(await queryRows(sut, `SELECT count(*)::int AS n FROM policies WHERE user_id = $1`, [userId])).toEqual([{ n: 1 }]);
    expect((await queryRows<{ n: number }>(sut, `SELECT count(*)::int AS n FROM payment_charges WHERE user_id = $1`, [userId]))[0].n).toBeGreaterThan(0);
    expect(await queryRows(sut, `SELECT miles::float AS miles, route FROM trips WHERE policy_id = $1`, [ana.policyId])).toEqual([{ miles: 12, route: null }]);
    expect((await queryRows<{ n: number }>(sut, `SELECT count(*)::int AS n FROM audit_log WHERE customer_user_id = $1`, [userId]))[0].n).toBeGreaterThan(0);
    expect(await queryRows(sut, `SELECT count(*)::int AS n FROM quotes q WHERE q.user_id = $1`, [userId])).toEqual([{ n: 1 }]); // the bought one
    // Erased.
    for (const sql of [
      `SELECT 1 FROM proof_links WHERE policy_id IN (SELECT id FROM policies WHERE user_id = $1)`,
      `SELECT 1 FROM location_choices WHERE user_id = $1`,
      `SELECT 1 FROM household_members WHERE member_user_id = $1 OR policy_id IN (SELECT id FROM policies WHERE user_id = $1)`,
      `SELECT 1 FROM data_exports WHERE user_id = $1`,
      `SELECT 1 FROM analytics_events WHERE user_id = $1::text OR anonymous_id = '${ANON}'`,
      `SELECT 1 FROM sign_in_codes WHERE user_id = $1`,
      `SELECT 1 FROM mobile_devices WHERE user_id = $1 AND (revoked_at IS NULL OR name <> '')`,
    ]) {
      expect([sql, await queryRows(sut, sql, [userId])]).toEqual([sql, []]);
    }
    expect(await queryRows(sut, `SELECT count(*)::int AS n FROM consent_records WHERE user_id = $1`, [userId])).toEqual([{ n: 1 }]);
    // The codes sent to the old address went too (the new sign-in below makes its own).
    expect(await queryRows(sut, `SELECT 1 FROM sign_in_codes WHERE lower(email) = lower($1)`, [ana.email])).toEqual([]);
    const [req] = await queryRows<{ status: string; user_id: string; outcome_note: string }>(
      sut,
      `SELECT status, user_id, outcome_note FROM privacy_requests WHERE kind = 'deletion' AND lower(email) = lower($1)`,
      [ana.email],
    );
    expect(req).toEqual({ status: 'completed', user_id: userId, outcome_note: expect.stringContaining('Kept: 1 policies') });
    const last = await waitForMailLike(sut.databaseUrl, ana.email, /Your Meterly account is deleted/);
    expect(last.text).toContain('7 years');
    const [audit] = await queryRows(sut, `SELECT actor_email, customer_user_id FROM audit_log WHERE action = 'account.deletion.confirm'`);
    expect(audit).toEqual({ actor_email: `deleted-${userId}@invalid`, customer_user_id: userId });
  });

  it('answers a second confirm (a retry, a double click) the same and does nothing more; the page says the link was used', async () => {
    const again = await app().post('/api/account/deletion/confirm').set(JSON_TYPE).send({ token: link.token }).expect(200);
    expect(again.body.payload).toEqual({ deleted: true, requestId: expect.any(String) });
    expect((await postForm(app(), link.token).expect(303)).headers.location).toBe('/account/deleted');
    expect((await app().get(link.path).expect(410)).text).toContain('This account is already deleted');
    expect(await queryRows(sut, `SELECT count(*)::int AS n FROM audit_log WHERE action = 'account.deletion.confirm'`)).toEqual([{ n: 1 }]);
  });

  it('signing in again with the old e-mail starts a new, empty account', async () => {
    // Three sign-ins of this address already in this file: its e-mail limit, not what is tested here.
    await queryRows(sut, `DELETE FROM rate_limit_hits`);
    const back = await signIn(sut, ana.email);
    const newId = await userOf(ana.email);
    expect(newId).not.toBe(userId);
    expect((await back.get('/api/policies').expect(200)).body.payload).toEqual([]);
    expect((await back.get('/api/account').expect(200)).body.payload).toEqual(expect.objectContaining({ email: ana.email, name: null }));
  });

  it('an expired link and a replaced one say so and delete nothing; staff on the phone may ask (audited) but never confirm', async () => {
    const cleoEmail = uniqueEmail('del-cleo');
    const cleo = await signIn(sut, cleoEmail);
    await cleo.post('/api/account/deletion').set(JSON_TYPE).send({}).expect(201);
    const first = tokenFrom(await waitForMailLike(sut.databaseUrl, cleoEmail, /Confirm deleting/));
    await queryRows(sut, `UPDATE account_deletion_links SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
      cleoEmail,
    ]);
    expect((await app().get(first.path).expect(410)).text).toContain('This link has expired');
    expect((await cleo.post('/api/account/deletion/confirm').send({ token: first.token }).expect(410)).body.error.code).toBe('ACCOUNT_DELETION_LINK_EXPIRED');

    // Staff on the phone: the link goes to the customer, in her language, saying staff started it.
    await queryRows(sut, `UPDATE users SET locale = 'es' WHERE email = $1`, [cleoEmail]);
    await admin.post('/api/agent/on-behalf').send({ email: cleoEmail }).expect(200);
    const asked = (await admin.post('/api/account/deletion').set(JSON_TYPE).send({}).expect(201)).body.payload;
    expect(asked.sentTo).toBe(cleoEmail);
    const mail = await waitForMailLike(sut.databaseUrl, cleoEmail, /Confirma la eliminación/);
    expect(mail.text).toContain('Nuestro personal lo inició por ti');
    const second = tokenFrom(mail);
    tokens.push(first.token, second.token);
    expect(second.path).toMatch(/^\/es\/account\/delete\//);
    const staffConfirm = await admin.post('/api/account/deletion/confirm').send({ token: second.token }).expect(403);
    expect(staffConfirm.body.error.code).toBe('ACCOUNT_DELETION_CUSTOMER_ONLY');
    await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    const audited = await queryRows<{ actor_email: string }>(
      sut,
      `SELECT actor_email FROM audit_log WHERE action = 'account.deletion.ask' AND (lower(customer_email) = lower($1) OR lower(actor_email) = lower($1)) ORDER BY at`,
      [cleoEmail],
    );
    expect(audited.map((a) => a.actor_email)).toEqual([cleoEmail, 'admin@meterly.test']);
    // The first link is now replaced (a newer one was sent); the second still works, for the customer.
    expect((await cleo.post('/api/account/deletion/confirm').send({ token: first.token }).expect(410)).body.error.code).toBe('ACCOUNT_DELETION_LINK_REPLACED');
    expect((await app().get(first.path).expect(410)).text).toContain('A newer link was sent');
    expect((await app().get(second.path).expect(200)).text).toContain('Eliminar mi cuenta');
    expect(await userOf(cleoEmail)).toBeDefined();
  });

  it('has a decision for every column that points at a user: a new table holding user data fails here until it has one', async () => {
    const fks = await queryRows<{ col: string }>(
      sut,
      `SELECT kcu.table_name || '.' || kcu.column_name AS col
         FROM information_schema.referential_constraints rc
         JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
         JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
        WHERE ccu.table_name = 'users' AND kcu.table_schema = 'public' ORDER BY 1`,
    );
    expect(fks.length).toBeGreaterThan(20);
    expect(fks.map((r) => r.col).filter((col) => !(col in USER_DATA_DECISIONS))).toEqual([]);
  });

  it('never writes a token to the log', () => {
    const logged = output.text();
    expect(logged).toContain('/account/delete/[redacted]');
    expect(tokens).toHaveLength(3);
    for (const token of tokens) expect(logged).not.toContain(token);
  });
});
