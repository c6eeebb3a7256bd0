import { createSignedInCookie } from '../../support/session-fixtures';
import { browserLike, requestCode, signIn, uniqueEmail } from '../../support/sign-in';
import { staffApp, type Browser } from './staff-apps';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

describe('Admin sessions API (issue 16)', () => {
  jest.setTimeout(60_000);
  const app = staffApp();
  const { sut } = app;
  let admin: Browser, agent: Browser, customer: Browser;

  beforeAll(() => ({ admin, agent, customer } = app));

  const sessionOf = async (client: Browser) => (await client.get('/api/session').expect(200)).body.payload;

  /** A customer signed in on a phone (through the mailbox) and on a second browser (a stored session). */
  async function customerOnTwoBrowsers(): Promise<{ email: string; phone: Browser; laptop: Browser }> {
    const email = uniqueEmail('two-browsers');
    const phone = browserLike(sut).set('User-Agent', IPHONE);
    const code = await requestCode(sut, email, phone);
    await phone.post('/api/auth/exchange-token').send({ code }).expect(200);
    const cookie = await createSignedInCookie(sut.databaseUrl, { email });
    const laptop = browserLike(sut).set('Cookie', `${cookie.name}=${cookie.value}`);
    expect((await sessionOf(laptop)).userEmail).toBe(email);
    return { email, phone, laptop };
  }

  it.each([
    ['anonymous', () => browserLike(sut)],
    ['a customer', () => customer],
    ['an agent', () => agent],
  ])('refuses %s every session call with 403, and ends nothing', async (_who, client) => {
    const email = 'customer@meterly.test';
    for (const call of [
      client().get(`/api/admin/sessions?email=${email}`),
      client().delete(`/api/admin/sessions?email=${email}`).set('Content-Type', 'application/json'),
      client().delete(`/api/admin/sessions/0b6f1a52-8a7e-4c0e-9a55-3f1f6c1e2d11?email=${email}`).set('Content-Type', 'application/json'),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    }
    expect((await sessionOf(customer)).userEmail).toBe(email);
  });

  it("lists a customer's sessions with device, IP, created and last seen, and marks an agent's session acting for them", async () => {
    const { email } = await customerOnTwoBrowsers();
    await agent.post('/api/agent/on-behalf').send({ email }).expect(200);
    try {
      const listed = (await admin.get(`/api/admin/sessions?email=${encodeURIComponent(email.toUpperCase())}`).expect(200)).body.payload;
      expect(listed.email).toBe(email);
      expect(listed.sessions).toHaveLength(3);
      const phone = listed.sessions.find((s: { device: { os: string | null } }) => s.device.os === 'iOS');
      expect(phone).toEqual({
        sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        device: { browser: 'Safari', os: 'iOS', mobile: true },
        ip: expect.stringMatching(/127\.0\.0\.1$/),
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        onBehalfBy: null,
        actingFor: null,
        current: false,
        revocable: true,
      });
      expect(listed.sessions.filter((s: { onBehalfBy: string | null }) => s.onBehalfBy === 'agent@meterly.test')).toEqual([
        expect.objectContaining({ revocable: false, actingFor: null }),
      ]);
      expect(JSON.stringify(listed)).not.toMatch(/"sid"/);

      const agents = (await admin.get('/api/admin/sessions?email=agent@meterly.test').expect(200)).body.payload.sessions;
      expect(agents).toEqual(expect.arrayContaining([expect.objectContaining({ actingFor: email, onBehalfBy: null, revocable: true })]));
      const own = (await admin.get('/api/admin/sessions?email=admin@meterly.test').expect(200)).body.payload.sessions;
      expect(own.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    } finally {
      await agent.post('/api/agent/on-behalf/stop').send({});
    }
  });

  it("revokes one session and then all of the customer's own; the agent acting for them stays signed in", async () => {
    const { email, phone, laptop } = await customerOnTwoBrowsers();
    await agent.post('/api/agent/on-behalf').send({ email }).expect(200);
    try {
      const sessions = (await admin.get(`/api/admin/sessions?email=${email}`).expect(200)).body.payload.sessions;
      const phoneSession = sessions.find((s: { device: { os: string | null } }) => s.device.os === 'iOS');
      const agentSession = sessions.find((s: { onBehalfBy: string | null }) => s.onBehalfBy);

      // The agent's session is not the customer's to end: refused as not found, and it lives on.
      const refused = await admin.delete(`/api/admin/sessions/${agentSession.sessionId}?email=${email}`).set('Content-Type', 'application/json').expect(404);
      expect(refused.body.error.code).toBe('SESSION_NOT_FOUND');

      expect(
        (await admin.delete(`/api/admin/sessions/${phoneSession.sessionId}?email=${email}`).set('Content-Type', 'application/json').expect(200)).body.payload,
      ).toEqual({ revoked: 1 });
      expect(await sessionOf(phone)).toEqual({});
      expect((await sessionOf(laptop)).userEmail).toBe(email);
      expect(await sessionOf(agent)).toMatchObject({ userEmail: email, onBehalf: true, role: 'agent' });
      // Twice: the session is gone, which a retry or a second tab learns as 404.
      await admin.delete(`/api/admin/sessions/${phoneSession.sessionId}?email=${email}`).set('Content-Type', 'application/json').expect(404);

      expect((await admin.delete(`/api/admin/sessions?email=${email}`).set('Content-Type', 'application/json').expect(200)).body.payload).toEqual({
        revoked: 1,
      });
      expect(await sessionOf(laptop)).toEqual({});
      expect(await sessionOf(agent)).toMatchObject({ userEmail: email, onBehalf: true });
      const left = (await admin.get(`/api/admin/sessions?email=${email}`).expect(200)).body.payload.sessions;
      expect(left).toEqual([expect.objectContaining({ onBehalfBy: 'agent@meterly.test', revocable: false })]);

      const audit = (await admin.get(`/api/admin/audit?customer=${email}&action=session.revoke`).expect(200)).body.payload.entries;
      expect(audit.map((e: { target: string }) => e.target)).toEqual([`email:${email}`, `session:${phoneSession.sessionId.slice(0, 8)}`]);
      expect(audit[0]).toMatchObject({ actorEmail: 'admin@meterly.test', customerEmail: email });
    } finally {
      await agent.post('/api/agent/on-behalf/stop').send({});
    }
  });

  it("ends a staff member's session acting for a customer from the staff member's own list", async () => {
    const { email } = await customerOnTwoBrowsers();
    const other = await signIn(sut, 'agent2@meterly.test');
    await other.post('/api/agent/on-behalf').send({ email }).expect(200);
    const acting = (await admin.get('/api/admin/sessions?email=agent2@meterly.test').expect(200)).body.payload.sessions.find(
      (s: { actingFor: string | null }) => s.actingFor === email,
    );
    await admin.delete(`/api/admin/sessions/${acting.sessionId}?email=agent2@meterly.test`).set('Content-Type', 'application/json').expect(200);
    expect(await sessionOf(other)).toEqual({});
  });

  it('refuses bad input with 400 and an unknown session id with 404', async () => {
    expect((await admin.get('/api/admin/sessions').expect(400)).body.error.code).toBe('INVALID_INPUT');
    await admin.get('/api/admin/sessions?email=not-an-email').expect(400);
    await admin.delete('/api/admin/sessions?email=').set('Content-Type', 'application/json').expect(400);
    expect(
      (await admin.delete('/api/admin/sessions/not-a-session?email=a@example.com').set('Content-Type', 'application/json').expect(404)).body.error.code,
    ).toBe('SESSION_NOT_FOUND');
    expect((await admin.get(`/api/admin/sessions?email=${uniqueEmail('nobody')}`).expect(200)).body.payload.sessions).toEqual([]);
  });
});
