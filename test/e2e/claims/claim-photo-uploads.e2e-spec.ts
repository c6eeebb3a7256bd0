import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { StripPhotoMetadata1795720000000 } from '../../../migrations/1795720000000-StripPhotoMetadata';
import { accidentReport, reportAccident } from '../../support/claim-fixtures';
import { answerBeforeBody } from '../../support/partial-body';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy } from '../../support/policy-customer';
import { createSignedInCookie } from '../../support/session-fixtures';
import { signIn } from '../../support/sign-in';
import { JPEG_2X2, PNG_1X1, WEBP_PLAIN, carriesSecrets, jpegWithMetadata, pngWithMetadata, webpWithMetadata } from '../../support/test-images';
import { useTestApp } from '../../support/use-test-app';
import type { QueryRunner } from 'typeorm';

type Customer = Awaited<ReturnType<typeof customerWithPolicy>>;

const MB = 1024 * 1024;
/** The probe's body: 14 MB of JSON, as a claim with five photos in base64 could be. */
const FOURTEEN_MB = 14 * MB;
/** CLAIM_PHOTO_TRIES_PER_DAY: ten reports' five photos, each sent twice. */
const PHOTO_TRIES_PER_DAY = 100;

describe('Claim photos: each its own upload, read only after who asks and their limits are checked, kept without metadata', () => {
  jest.setTimeout(180_000);
  let ana: Customer;
  let agent: Awaited<ReturnType<typeof signIn>>;

  const report = (customer: Customer) => reportAccident(customer.web, customer.policyId, 5);

  const upload = (customer: Customer, claimId: string, bytes: Buffer, type = 'image/jpeg') =>
    customer.web.post(`/api/claims/${claimId}/photos`).set('Content-Type', type).send(bytes);

  const cookieOf = async (email: string) => {
    const cookie = await createSignedInCookie(sut.databaseUrl, { email });
    return `${cookie.name}=${cookie.value}`;
  };

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, drainMail: true });

  beforeAll(async () => {
    ana = await customerWithPolicy(sut, 'ana-photos', { producerId: 'MTR-1001' });
    agent = await signIn(sut, 'agent@meterly.test');
  });

  describe('a large body is never read for a caller the route refuses', () => {
    it('answers an anonymous 14 MB report 401 while its body is still being sent', async () => {
      const answer = await answerBeforeBody(sut.url, '/api/claims', {
        declaredBytes: FOURTEEN_MB,
        headers: { Origin: sut.url, 'Idempotency-Key': randomUUID() },
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe('NOT_SIGNED_IN');
      expect(answer.headers.connection).toBe('close');
    });

    it('answers a signed-in customer’s 14 MB report 413 unread: a report is a form, its photos come apart', async () => {
      const answer = await answerBeforeBody(sut.url, '/api/claims', {
        declaredBytes: FOURTEEN_MB,
        headers: { Origin: sut.url, Cookie: await cookieOf(ana.email), 'Idempotency-Key': randomUUID() },
      });
      expect(answer.status).toBe(413);
      expect(answer.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it.each([
      ['a web odometer reading, anonymous', () => `/api/policies/${ana.policyId}/odometer`, {}],
      ['a disputed day, anonymous', () => `/api/policies/${ana.policyId}/miles/disputes`, {}],
      ['the app’s odometer reading, with a token that is no device’s', () => '/api/mobile/odometer', { Authorization: `Bearer ${'x'.repeat(43)}` }],
      ['the app’s trips, without a token', () => '/api/mobile/trips', {}],
    ])('answers %s (3 MB allowed) 401 before reading it', async (_what, path, headers) => {
      const answer = await answerBeforeBody(sut.url, path(), { declaredBytes: 3 * MB - 1, headers: { Origin: sut.url, ...headers } });
      expect(answer.status).toBe(401);
    });

    it('answers a body over 32 kB to any other route after its guards, unread (413), and a staff route 403 first', async () => {
      const open = await answerBeforeBody(sut.url, '/api/auth/magic-link', { declaredBytes: 40_000, headers: { Origin: sut.url } });
      expect([open.status, open.body.error?.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      const staff = await answerBeforeBody(sut.url, '/api/agent/on-behalf', {
        declaredBytes: FOURTEEN_MB,
        headers: { Origin: sut.url, Cookie: await cookieOf(ana.email) },
      });
      expect(staff.status).toBe(403);
    });

    it('answers an anonymous photo 401, another customer’s claim 404 and a photo declared over 2 MB 413, each before reading it', async () => {
      const claim = await report(ana);
      const photo = `/api/claims/${claim.id}/photos`;
      const jpeg = { declaredBytes: 2 * MB - 1, firstBytes: JPEG_2X2.subarray(0, 20) };
      const anonymous = await answerBeforeBody(sut.url, photo, { ...jpeg, headers: { Origin: sut.url, 'Content-Type': 'image/jpeg' } });
      expect(anonymous.status).toBe(401);
      const ben = await customerWithPolicy(sut, 'ben-photos');
      const other = await answerBeforeBody(sut.url, photo, {
        ...jpeg,
        headers: { Origin: sut.url, 'Content-Type': 'image/jpeg', Cookie: await cookieOf(ben.email) },
      });
      expect([other.status, other.body.error?.code]).toEqual([404, 'CLAIM_NOT_FOUND']);
      const big = await answerBeforeBody(sut.url, photo, {
        ...jpeg,
        declaredBytes: 2 * MB + 1,
        headers: { Origin: sut.url, 'Content-Type': 'image/jpeg', Cookie: await cookieOf(ana.email) },
      });
      expect([big.status, big.body.error?.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      expect((await ana.web.get(`/api/claims/${claim.id}`).expect(200)).body.payload.photoIds).toEqual([]);
    });

    it('answers a customer past the day’s photo tries 429 before reading the photo, with Retry-After', async () => {
      const cy = await customerWithPolicy(sut, 'cy-photos');
      const claim = await report(cy);
      const [user] = await queryRows<{ id: string }>(sut, `SELECT id FROM users WHERE lower(email) = lower($1)`, [cy.email]);
      await queryRows(sut, `INSERT INTO rate_limit_hits (bucket, hit_at) SELECT $1, now() - interval '1 hour' FROM generate_series(1, $2::int)`, [
        `claim-photos:user:${user.id}`,
        PHOTO_TRIES_PER_DAY,
      ]);
      const answer = await answerBeforeBody(sut.url, `/api/claims/${claim.id}/photos`, {
        declaredBytes: 2 * MB - 1,
        firstBytes: JPEG_2X2.subarray(0, 20),
        headers: { Origin: sut.url, 'Content-Type': 'image/jpeg', Cookie: await cookieOf(cy.email) },
      });
      expect([answer.status, answer.body.error?.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(answer.body.error?.message).toContain('1-800-555-0199');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('uploads', () => {
    it('takes a phone’s JPEG, PNG and WebP as themselves, keeps none of their metadata, and staff see the same clean photos', async () => {
      const claim = await report(ana);
      const phone = [
        [jpegWithMetadata(), 'image/jpeg'],
        [pngWithMetadata(), 'image/png'],
        [webpWithMetadata(), 'image/webp'],
      ] as const;
      let photoIds: string[] = [];
      for (const [bytes, type] of phone) {
        expect(carriesSecrets(bytes)).toBe(true);
        const res = await upload(ana, claim.id, bytes, type).expect(201);
        photoIds = res.body.payload.photoIds;
      }
      expect(photoIds).toHaveLength(3);
      const stored = await queryRows<{ bytes: Buffer; contentType: string }>(
        sut,
        `SELECT bytes, content_type AS "contentType" FROM claim_photos WHERE claim_id = $1 ORDER BY position`,
        [claim.id],
      );
      expect(stored.map((photo) => photo.contentType)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
      for (const photo of stored) expect(carriesSecrets(photo.bytes)).toBe(false);
      // The PNG is the camera's picture to the byte; the JPEG is too, but for its orientation (kept, alone).
      expect(stored[1].bytes.equals(PNG_1X1)).toBe(true);
      for (const [index, photoId] of photoIds.entries()) {
        const seen = await agent.get(`/api/agent/claims/${claim.id}/photos/${photoId}`).buffer(true).expect(200);
        expect(seen.headers['content-type']).toBe(stored[index].contentType);
        expect(Buffer.from(seen.body as Buffer).equals(stored[index].bytes)).toBe(true);
        const own = await ana.web.get(`/api/claims/${claim.id}/photos/${photoId}`).buffer(true).expect(200);
        expect(Buffer.from(own.body as Buffer).equals(stored[index].bytes)).toBe(true);
      }
    });

    it('answers the same photo sent again with the photo kept (a retry), takes five, refuses a sixth, and refuses what is no photo of ours', async () => {
      const claim = await report(ana);
      const first = await upload(ana, claim.id, JPEG_2X2).expect(201);
      const again = await upload(ana, claim.id, JPEG_2X2).expect(200);
      expect(again.body.payload.photoIds).toEqual(first.body.payload.photoIds);
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1');
      expect((await upload(ana, claim.id, gif).expect(400)).body.error.code).toBe('CLAIM_PHOTO_INVALID');
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
      expect((await upload(ana, claim.id, svg, 'image/png').expect(400)).body.error.code).toBe('CLAIM_PHOTO_INVALID');
      expect((await upload(ana, claim.id, JPEG_2X2.subarray(0, 300)).expect(400)).body.error.code).toBe('CLAIM_PHOTO_INVALID');
      for (const type of ['image/gif', 'application/octet-stream', 'multipart/form-data; boundary=x'])
        expect((await upload(ana, claim.id, gif, type).expect(415)).body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      // Known by its bytes, whatever the type said.
      for (const bytes of [PNG_1X1, WEBP_PLAIN, jpegWithMetadata(JPEG_2X2, 8), jpegWithMetadata(JPEG_2X2, 6)])
        await upload(ana, claim.id, bytes, 'image/png').expect(201);
      const sixth = await upload(ana, claim.id, jpegWithMetadata(JPEG_2X2, 3)).expect(400);
      expect(sixth.body.error.code).toBe('CLAIM_TOO_MANY_PHOTOS');
      expect((await ana.web.get(`/api/claims/${claim.id}`).expect(200)).body.payload.photoIds).toHaveLength(5);
    });

    it('refuses a report that still carries photos in its JSON, naming the field', async () => {
      const res = await ana.web
        .post('/api/claims')
        .set('Idempotency-Key', randomUUID())
        .send({ ...accidentReport(ana.policyId, 1), photos: [JPEG_2X2.toString('base64')] })
        .expect(400);
      expect(res.body.error.code).toBe('INVALID_INPUT');
    });

    it('lets staff acting for the customer add a photo, audited with both names', async () => {
      const claim = await report(ana);
      const admin = await signIn(sut, 'admin@meterly.test');
      await admin.post('/api/agent/on-behalf').send({ email: ana.email }).expect(200);
      try {
        await admin.post(`/api/claims/${claim.id}/photos`).set('Content-Type', 'image/jpeg').send(JPEG_2X2).expect(201);
      } finally {
        await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
      }
      const entries = await queryRows<{ actorEmail: string; customerEmail: string }>(
        sut,
        `SELECT actor_email AS "actorEmail", customer_email AS "customerEmail" FROM audit_log WHERE action = 'claim.photo.add' AND target LIKE $1`,
        [`${claim.number} %`],
      );
      expect(entries).toEqual([{ actorEmail: 'admin@meterly.test', customerEmail: ana.email }]);
    });

    it('refuses a photo sent cross-site (a foreign Origin)', async () => {
      const claim = await report(ana);
      await request(sut.url)
        .post(`/api/claims/${claim.id}/photos`)
        .set('Cookie', await cookieOf(ana.email))
        .set('Origin', 'https://evil.example')
        .set('Content-Type', 'image/jpeg')
        .send(JPEG_2X2)
        .expect(403);
    });
  });

  describe('photos stored before', () => {
    it('are rewritten without their metadata by the migration, a photo it cannot walk left as it was', async () => {
      const claim = await report(ana);
      const cut = JPEG_2X2.subarray(0, 100);
      await queryRows(
        sut,
        `INSERT INTO claim_photos (claim_id, position, content_type, bytes) VALUES ($1, 0, 'image/jpeg', $2), ($1, 1, 'image/png', $3), ($1, 2, 'image/jpeg', $4)`,
        [claim.id, jpegWithMetadata(JPEG_2X2, 1), pngWithMetadata(), cut],
      );
      const runner = { query: (sql: string, params?: unknown[]) => queryRows(sut, sql, params) } as unknown as QueryRunner;
      await new StripPhotoMetadata1795720000000().up(runner);
      const stored = await queryRows<{ bytes: Buffer }>(sut, `SELECT bytes FROM claim_photos WHERE claim_id = $1 ORDER BY position`, [claim.id]);
      expect(stored.map((photo) => photo.bytes)).toEqual([JPEG_2X2, PNG_1X1, cut]);
    });
  });
});
