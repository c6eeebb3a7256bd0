import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import request from 'supertest';
import { DATA_EXPORT_FORMAT, DATA_EXPORT_VERSION, type DataExportState } from '../../../src/shared/privacy/data-export-model';
import { privacyAnswerExtended } from '../../../src/shared/privacy/privacy-answer-due';
import { atArizonaHour } from '../../support/arizona-time';
import { reportAccident } from '../../support/claim-fixtures';
import { waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { customerWithPolicy } from '../../support/policy-customer';
import { dayFromToday } from '../../support/quote-fixtures';
import { signIn } from '../../support/sign-in';
import { JPEG_2X2 } from '../../support/test-images';
import { useTestApp } from '../../support/use-test-app';
import type { AdminPrivacyRequestList } from '../../../src/shared/admin/admin-model';

type Client = Awaited<ReturnType<typeof signIn>>;

const ROUTE = { startCity: 'Phoenix', endCity: 'Tempe', polyline: '_p~iF~ps|U_ulLnnqC' };

/**
 * Issue 27, "download my data" and the privacy requests' admin screen. The copy is made by the
 * job queue in the background (the test app runs its workers), so each test waits for its e-mail
 * or its state, never a fixed time. Two customers with a policy, a kept trip and a claim each:
 * nothing of one is in the other's copy.
 */
describe('Download my data and the privacy requests screen (issue 27)', () => {
  jest.setTimeout(240_000);
  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  /** A customer with a policy, a trip whose route is kept, and a claim. */
  async function customer(prefix: string, locale = 'en-US') {
    const bought = await customerWithPolicy(sut, prefix, { locale });
    await bought.web.put('/api/account/locations').send({ choice: 'keep' }).expect(200);
    const token: string = (await bought.web.post('/api/mobile/devices').send({ name: 'phone', platform: 'ios' }).expect(201)).body.payload.token;
    const day = dayFromToday(-3);
    const clientTripId = randomUUID();
    await request(sut.url)
      .post('/api/mobile/trips')
      .set({ Authorization: `Bearer ${token}` })
      .send({
        trips: [
          { clientTripId, vehicle: `${bought.policyId}:0`, startedAt: atArizonaHour(day, 8), endedAt: atArizonaHour(day, 8.5), miles: 12.5, route: ROUTE },
        ],
      })
      .expect(200);
    const [trip] = await queryRows<{ id: string }>(sut, `SELECT id FROM trips WHERE policy_id = $1`, [bought.policyId]);
    const [policy] = await queryRows<{ number: string }>(sut, `SELECT number FROM policies WHERE id = $1`, [bought.policyId]);
    const claim = await reportAccident(bought.web, bought.policyId);
    const photo = (await bought.web.post(`/api/claims/${claim.id}/photos`).set('Content-Type', 'image/jpeg').send(JPEG_2X2).expect(201)).body.payload;
    return { ...bought, tripId: trip.id, policyNumber: policy.number, claimNumber: claim.number, claimPhotoId: (photo.photoIds as string[]).at(-1)! };
  }
  type Customer = Awaited<ReturnType<typeof customer>>;

  let ana: Customer;
  let ben: Customer;
  let admin: Client;

  beforeAll(async () => {
    [ana, ben] = await Promise.all([customer('export-ana'), customer('export-ben', 'es')]);
    admin = await signIn(sut, 'admin@meterly.test');
  });

  const state = async (client: Client) => (await client.get('/api/account/data-export').expect(200)).body.payload as DataExportState;
  const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };
  const download = (client: Client, id: string, file: 'data.json' | 'data.pdf' | 'data.zip') =>
    client.get(`/api/account/data-export/${id}/${file}`).buffer(true).parse(binary);
  /** Waits for the job: the state is ready once the request is closed (a poll of the state the page reads, not a fixed time). */
  async function ready(client: Client): Promise<DataExportState> {
    for (;;) {
      const now = await state(client);
      if (now.status === 'ready') return now;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it("makes the copy in the background: a double click is one request, the e-mail sends to My account, and the files hold the customer's data and nothing of another's", async () => {
    const [first, second] = await Promise.all([ana.web.post('/api/account/data-export').send({}), ana.web.post('/api/account/data-export').send({})]);
    expect([first.status, second.status]).toEqual([202, 202]);
    const requests = await queryRows(sut, `SELECT id FROM privacy_requests WHERE lower(email) = lower($1) AND kind = 'access'`, [ana.email]);
    expect(requests).toHaveLength(1);

    const mail = await waitForMailLike(sut.databaseUrl, ana.email, /ready to download/);
    expect(mail.text).toContain('/profile#your-data');
    expect(mail.text).not.toMatch(/data\.(json|pdf)/);

    const made = await ready(ana.web);
    expect(made).toMatchObject({ status: 'ready', openRequestId: null, remaining: 1 });
    expect(made.requests).toEqual([expect.objectContaining({ id: requests[0].id, kind: 'access', status: 'completed' })]);
    expect(new Date(made.ready!.expiresAt).getTime() - new Date(made.ready!.createdAt).getTime()).toBe(7 * 24 * 3_600_000);

    const jsonRes = await download(ana.web, made.ready!.id, 'data.json').expect(200);
    expect(jsonRes.headers['content-type']).toMatch(/application\/json/);
    expect(jsonRes.headers['content-disposition']).toMatch(/attachment; filename="meterly-data-\d{4}-\d{2}-\d{2}\.json"/);
    const text = (jsonRes.body as Buffer).toString('utf8');
    const data = JSON.parse(text);
    expect(data).toMatchObject({ format: DATA_EXPORT_FORMAT, version: DATA_EXPORT_VERSION, generatedAt: expect.stringMatching(/Z$/) });
    expect(data.account.email).toBe(ana.email);
    expect(data.policies[0].policy.number).toBe(ana.policyNumber);
    expect(data.policies[0].trips).toEqual([expect.objectContaining({ id: ana.tripId, miles: 12.5, location: ROUTE })]);
    expect(data.claims.map((c: { number: string }) => c.number)).toEqual([ana.claimNumber]);
    expect(data.payments.length).toBeGreaterThan(0);
    expect(data.payments[0]).toMatchObject({ amountCents: expect.any(Number), card: expect.objectContaining({ last4: '4242' }) });
    expect(data.locationChoice.choice).toBe('keep');
    expect(data.quotes.length).toBeGreaterThan(0);
    expect(data.signInHistory.signIns.length).toBeGreaterThan(0);
    expect(data.privacyRequests[0]).toMatchObject({ kind: 'access' });
    // Whom her policies are shared with (none yet), as My account's household panel shows it.
    expect(data.household).toEqual({ owned: [expect.objectContaining({ policyNumber: ana.policyNumber, members: [] })], shared: [], invitations: [] });
    for (const foreign of [ben.email, ben.policyNumber, ben.tripId, ben.claimNumber, ben.policyId]) expect(text).not.toContain(foreign);
    // Never a credential: no session id, no card token, no sign-in code's hash.
    expect(text).not.toMatch(/providerMethodRef|sessionId|codeHash|idempotencyKey/);

    const pdfRes = await download(ana.web, made.ready!.id, 'data.pdf').expect(200);
    expect(pdfRes.headers['content-type']).toMatch(/application\/pdf/);
    const pdf = await pdfText(pdfRes.body as Buffer);
    expect(pdf).toContain('Your data at Meterly');
    expect(pdf).toContain(ana.policyNumber);
    expect(pdf).toContain(ana.claimNumber);
    expect(pdf).toContain('Phoenix - Tempe');
    for (const foreign of [ben.email, ben.policyNumber, ben.claimNumber]) expect(pdf).not.toContain(foreign);

    // The whole copy in one file: the same JSON and PDF, and her claim photo as a file named by the JSON's kind and id.
    const zipRes = await download(ana.web, made.ready!.id, 'data.zip').expect(200);
    expect(zipRes.headers['content-type']).toMatch(/application\/zip/);
    expect(zipRes.headers['content-disposition']).toMatch(/attachment; filename="meterly-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(zipRes.body as Buffer));
    expect(data.photoLinks).toEqual([expect.objectContaining({ kind: 'claim', id: ana.claimPhotoId })]);
    expect(Object.keys(files).sort()).toEqual(['data.json', 'data.pdf', `photos/claim-${ana.claimPhotoId}.jpg`]);
    expect(Buffer.from(files['data.json']).toString('utf8')).toBe(text);
    expect(Buffer.from(files['data.pdf']).equals(pdfRes.body as Buffer)).toBe(true);
    expect(Buffer.from(files[`photos/claim-${ana.claimPhotoId}.jpg`]).length).toBeGreaterThan(0);
    expect(Object.keys(files).join()).not.toContain(ben.claimPhotoId);
  });

  it('lets nobody else download the copy: another customer, a made-up id and a malformed one are 404', async () => {
    const { ready: made } = await state(ana.web);
    for (const [client, id, file] of [
      [ben.web, made!.id, 'data.json'],
      [ben.web, made!.id, 'data.zip'],
      [ana.web, randomUUID(), 'data.zip'],
      [ana.web, 'not-an-id', 'data.json'],
    ] as const) {
      const res = await download(client, id, file).expect(404);
      expect(JSON.parse((res.body as Buffer).toString('utf8'))).toMatchObject({ success: false, error: { code: 'DATA_EXPORT_NOT_FOUND' } });
    }
    await request(sut.url).get(`/api/account/data-export/${made!.id}/data.pdf`).expect(401);
  });

  it('makes the copy for staff acting for the customer, audited under the staff member, in the customer’s language, and refuses a third copy in 12 months', async () => {
    await admin.post('/api/agent/on-behalf').send({ email: ben.email }).expect(200);
    try {
      expect((await admin.post('/api/account/data-export').send({}).expect(202)).body.payload).toMatchObject({ status: 'preparing' });
      await state(admin);
    } finally {
      await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    }
    const audited = await queryRows(
      sut,
      `SELECT action, actor_email, customer_email FROM audit_log WHERE customer_email = $1 AND action IN ('privacy.request.open', 'data-export.read') ORDER BY id`,
      [ben.email],
    );
    expect(audited).toEqual([
      { action: 'privacy.request.open', actor_email: 'admin@meterly.test', customer_email: ben.email },
      { action: 'data-export.read', actor_email: 'admin@meterly.test', customer_email: ben.email },
    ]);
    const mail = await waitForMailLike(sut.databaseUrl, ben.email, /listos para descargar/);
    expect(mail.text).toContain('/es/profile#your-data');
    const made = await ready(ben.web);
    expect(await pdfText((await download(ben.web, made.ready!.id, 'data.pdf').expect(200)).body as Buffer)).toContain('Tus datos en Meterly');

    // A second copy for Ben; then a third within 12 months is refused.
    await ben.web.post('/api/account/data-export').send({}).expect(202);
    expect((await ready(ben.web)).remaining).toBe(0);
    const third = await ben.web.post('/api/account/data-export').send({}).expect(429);
    expect(third.body).toMatchObject({ success: false, error: { code: 'DATA_EXPORTS_TOO_MANY', message: expect.stringContaining('2 times in 12 months') } });
    expect(await queryRows(sut, `SELECT id FROM privacy_requests WHERE lower(email) = lower($1)`, [ben.email])).toHaveLength(2);
  });

  describe('the admin screen', () => {
    /** An open deletion request of Ana's, as the account-deletion module opens them (its answer is staff's). */
    async function openRequest(): Promise<string> {
      const [row] = await queryRows<{ id: string }>(
        sut,
        `INSERT INTO privacy_requests (kind, user_id, email, received_at, due_at)
         SELECT 'deletion', id, email, now() - interval '40 days', now() + interval '5 days' FROM users WHERE lower(email) = lower($1) RETURNING id`,
        [ana.email],
      );
      return row.id;
    }
    const list = async () => (await admin.get('/api/admin/privacy-requests').expect(200)).body.payload as AdminPrivacyRequestList;

    it('is for admins only, checked on the server', async () => {
      for (const client of [ana.web, await signIn(sut, 'agent@meterly.test')]) await client.get('/api/admin/privacy-requests').expect(403);
      await request(sut.url).get('/api/admin/privacy-requests').expect(403);
    });

    it('lists open requests first with the customer and the due date; extends once (the customer told why and when), then PRIVACY_REQUEST_EXTENDED_ALREADY', async () => {
      const id = await openRequest();
      const listed = await list();
      expect(listed.requests[0]).toMatchObject({ id, kind: 'deletion', status: 'open', email: ana.email });
      await admin.post(`/api/admin/privacy-requests/${id}/extend`).send({}).expect(400);
      const extended = (
        await admin.post(`/api/admin/privacy-requests/${id}/extend`).send({ reason: 'We are gathering your claim file from our insurer.' }).expect(200)
      ).body.payload;
      // 45 calendar days more, to the end of a day (privacy-answer-due.spec.ts has the exact days).
      expect(extended.dueAt).toBe(privacyAnswerExtended(new Date(listed.requests[0].dueAt), 45).toISOString());
      expect(new Date(extended.dueAt).getTime() - new Date(listed.requests[0].dueAt).getTime()).toBeGreaterThan(44 * 24 * 3_600_000);
      expect(extended).toMatchObject({ extensionReason: 'We are gathering your claim file from our insurer.', extendedAt: expect.any(String) });
      const mail = await waitForMailLike(sut.databaseUrl, ana.email, /more time/);
      expect(mail.text).toContain('We are gathering your claim file from our insurer.');
      const again = await admin.post(`/api/admin/privacy-requests/${id}/extend`).send({ reason: 'Still gathering.' }).expect(409);
      expect(again.body.error.code).toBe('PRIVACY_REQUEST_EXTENDED_ALREADY');
      const audited = await queryRows(sut, `SELECT action, actor_email, customer_email FROM audit_log WHERE target = $1`, [`deletion:${id}`]);
      expect(audited).toEqual([{ action: 'privacy.request.extend', actor_email: 'admin@meterly.test', customer_email: ana.email }]);
    });

    it('denies only with a reason (400 without), marks another completed, and the first answer stands', async () => {
      const [denied, completed] = [await openRequest(), await openRequest()];
      for (const body of [{}, { reason: '' }, { reason: '  ' }]) {
        const res = await admin.post(`/api/admin/privacy-requests/${denied}/deny`).send(body).expect(400);
        expect(res.body).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
      }
      expect(
        (await admin.post(`/api/admin/privacy-requests/${denied}/deny`).send({ reason: 'We could not verify who asked.' }).expect(200)).body.payload,
      ).toMatchObject({
        status: 'denied',
        outcomeNote: 'We could not verify who asked.',
      });
      expect((await admin.post(`/api/admin/privacy-requests/${completed}/complete`).send({}).expect(200)).body.payload).toMatchObject({ status: 'completed' });
      expect((await admin.post(`/api/admin/privacy-requests/${denied}/complete`).send({}).expect(409)).body.error.code).toBe('PRIVACY_REQUEST_CLOSED');
      expect((await admin.post(`/api/admin/privacy-requests/${randomUUID()}/deny`).send({ reason: 'No.' }).expect(404)).body.error.code).toBe(
        'PRIVACY_REQUEST_NOT_FOUND',
      );
      const audited = await queryRows(sut, `SELECT action FROM audit_log WHERE target IN ($1, $2) ORDER BY id`, [
        `deletion:${denied}`,
        `deletion:${completed}`,
      ]);
      expect(audited.map((r) => r.action)).toEqual(['privacy.request.deny', 'privacy.request.complete']);
    });
  });
});
