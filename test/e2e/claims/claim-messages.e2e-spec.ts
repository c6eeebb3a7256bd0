import { randomUUID } from 'node:crypto';
import { reportAccident } from '../../support/claim-fixtures';
import { drainMail, waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy } from '../../support/policy-customer';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;
type Message = { side: string; author: string | null; onBehalf: boolean; body: string; at: string };

/**
 * Issue 27: a claim's messages. The customer (or staff acting for them) writes on the claim card,
 * its handler is mailed; staff reply from the claims screen, the customer is mailed in their
 * language. Neither mail carries the message (docs/decisions.md). Nothing crosses customers.
 */
describe('Claim messages: the customer and the claims staff write to each other on a claim', () => {
  jest.setTimeout(180_000);
  let admin: Client;
  let agent: Client;
  let otherAgent: Client;
  /** Dana's customer (MTR-1001), in English; Dana reads her mail in Spanish. */
  let ana: Awaited<ReturnType<typeof customerWithPolicy>>;
  /** Nobody's customer (the claims team handles her claims), in Spanish. */
  let ben: Awaited<ReturnType<typeof customerWithPolicy>>;
  let anaClaim: { id: string; number: string };
  let benClaim: { id: string; number: string };

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, drainMail: true });

  const write = (client: Client, claimId: string, body: unknown, key: string = randomUUID()) =>
    client
      .post(`/api/claims/${claimId}/messages`)
      .set('Idempotency-Key', key)
      .send(body === undefined ? {} : { body });
  const reply = (client: Client, claimId: string, body: unknown, key: string = randomUUID()) =>
    client.post(`/api/agent/claims/${claimId}/messages`).set('Idempotency-Key', key).send({ body });
  const thread = async (client: Client, claimId: string): Promise<Message[]> => (await client.get(`/api/claims/${claimId}`).expect(200)).body.payload.messages;
  const messageCount = async (claimId: string) =>
    (await queryRows<{ n: number }>(sut, 'SELECT count(*)::int AS n FROM claim_messages WHERE claim_id = $1', [claimId]))[0].n;
  const mailLike = (to: string, subject: RegExp) => waitForMailLike(sut.databaseUrl, to, subject);

  beforeAll(async () => {
    [ana, ben] = await Promise.all([customerWithPolicy(sut, 'ana', { producerId: 'MTR-1001' }), customerWithPolicy(sut, 'ben', { locale: 'es' })]);
    [admin, agent, otherAgent] = await Promise.all([signIn(sut, 'admin@meterly.test'), signIn(sut, 'agent@meterly.test'), signIn(sut, 'agent2@meterly.test')]);
    await queryRows(sut, `UPDATE users SET locale = 'es' WHERE lower(email) = 'agent@meterly.test'`);
    [anaClaim, benClaim] = await Promise.all([reportAccident(ana.web, ana.policyId), reportAccident(ben.web, ben.policyId)]);
  });

  it("posts the customer's message on the claim, newest last, and mails its handler (the selling agent, in her language) without the text", async () => {
    const first = await write(ana.web, anaClaim.id, '  The body shop says the door must be replaced.  ').expect(201);
    expect(first.body.payload.messages).toEqual([
      {
        id: expect.any(String),
        side: 'customer',
        author: null,
        onBehalf: false,
        member: null,
        mine: true,
        body: 'The body shop says the door must be replaced.',
        at: expect.stringMatching(/Z$/),
      },
    ]);
    expect(first.body.payload.messagesUntil).toBeNull();
    await write(ana.web, anaClaim.id, 'Can I send you their estimate?').expect(201);
    expect((await thread(ana.web, anaClaim.id)).map((m) => m.body)).toEqual([
      'The body shop says the door must be replaced.',
      'Can I send you their estimate?',
    ]);
    // With My account's claims (its page data reads the same list).
    const listed = (await ana.web.get('/api/claims').expect(200)).body.payload;
    expect(listed[0].messages).toHaveLength(2);

    const mail = await mailLike('agent@meterly.test', new RegExp(`Reclamo ${anaClaim.number}: un mensaje del cliente`));
    expect(mail.text).toContain(`/es/agent/claims?claim=${anaClaim.id}`);
    expect(mail.text).not.toContain('body shop');
  });

  it("mails the claims team's inbox, in English, when no agent handles the claim", async () => {
    await write(ben.web, benClaim.id, 'Tengo fotos del otro coche.').expect(201);
    const mail = await mailLike('claims@meterly.example', new RegExp(`Claim ${benClaim.number}: a message from the customer`));
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('fotos');
  });

  it('lets staff within reach reply: the customer sees who wrote it and is mailed in their language that a message waits; audited', async () => {
    const answered = await reply(agent, anaClaim.id, 'Yes: send it here as a photo, or to my e-mail.').expect(201);
    const staffMessage = answered.body.payload.messages.at(-1);
    expect(staffMessage).toMatchObject({ side: 'staff', author: expect.any(String), onBehalf: false });
    expect((await thread(ana.web, anaClaim.id)).at(-1)).toEqual(staffMessage);
    const toAna = await mailLike(ana.email, new RegExp(`A new message about your claim ${anaClaim.number}`));
    expect(toAna.text).toContain(`${staffMessage.author} wrote to you about your claim ${anaClaim.number}.`);
    expect(toAna.text).toContain(`/profile#claim-${anaClaim.number}`);
    expect(toAna.text).not.toContain('send it here');

    // An admin (the claims team) answers Ben, in Spanish, as the team.
    const fromTeam = (await reply(admin, benClaim.id, 'Gracias: súbelas en tu reclamo.').expect(201)).body.payload.messages.at(-1);
    expect(fromTeam).toMatchObject({ side: 'staff', author: null });
    const toBen = await mailLike(ben.email, new RegExp(`Un mensaje nuevo sobre tu reclamo ${benClaim.number}`));
    expect(toBen.text).toContain('El equipo de reclamos de Meterly te escribió');
    expect(toBen.text).toContain(`/es/profile#claim-${benClaim.number}`);

    const audit = await queryRows<{ actorEmail: string; customerEmail: string }>(
      sut,
      `SELECT actor_email AS "actorEmail", customer_email AS "customerEmail" FROM audit_log WHERE action = 'claim.message.reply' ORDER BY id`,
    );
    expect(audit).toEqual([
      { actorEmail: 'agent@meterly.test', customerEmail: ana.email },
      { actorEmail: 'admin@meterly.test', customerEmail: ben.email },
    ]);
  });

  it('refuses an empty, blank, too long or non-text message, or one without its key, with a clear 400, and keeps nothing', async () => {
    const before = await messageCount(anaClaim.id);
    for (const body of ['', '   ', 'x'.repeat(2001), 42, ['a'], undefined]) {
      const refused = await write(ana.web, anaClaim.id, body).expect(400);
      expect(refused.body).toEqual({ success: false, error: expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining('body') }) });
    }
    expect((await reply(agent, anaClaim.id, '').expect(400)).body.error.code).toBe('INVALID_INPUT');
    const unkeyed = await ana.web.post(`/api/claims/${anaClaim.id}/messages`).send({ body: 'Hello?' }).expect(400);
    expect(unkeyed.body.error.code).toBe('IDEMPOTENCY_KEY_MISSING');
    await write(ana.web, anaClaim.id, 'x'.repeat(2000)).expect(201);
    expect(await messageCount(anaClaim.id)).toBe(before + 1);
  });

  it("answers another customer's claim, or one beyond an agent's reach, as if it did not exist", async () => {
    const mine = await write(ana.web, randomUUID(), 'Hello?').expect(404);
    const theirs = await write(ana.web, benClaim.id, 'Hello?').expect(404);
    expect(theirs.body).toEqual(mine.body);
    expect(theirs.body.error.code).toBe('CLAIM_NOT_FOUND');
    await write(ana.web, 'not-a-claim', 'Hello?').expect(404);
    expect((await reply(otherAgent, anaClaim.id, 'Mine now.').expect(404)).body.error.code).toBe('CLAIM_NOT_FOUND');
    await reply(agent, benClaim.id, 'Not my customer.').expect(404);
    await reply(ana.web, anaClaim.id, 'I am staff now.').expect(403);
    expect((await thread(ben.web, benClaim.id)).map((m) => m.body)).not.toContain('Hello?');
  });

  it('posts a message written twice with the same key (double click, retry) once, and refuses the key for another text', async () => {
    const before = await messageCount(anaClaim.id);
    const key = randomUUID();
    const [first, second] = await Promise.all([write(ana.web, anaClaim.id, 'Sent twice?', key), write(ana.web, anaClaim.id, 'Sent twice?', key)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    await write(ana.web, anaClaim.id, 'Sent twice?', key).expect(200);
    expect((await write(ana.web, anaClaim.id, 'Something else', key).expect(409)).body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const staffKey = randomUUID();
    await reply(agent, anaClaim.id, 'Once.', staffKey).expect(201);
    await reply(agent, anaClaim.id, 'Once.', staffKey).expect(200);
    expect(await messageCount(anaClaim.id)).toBe(before + 2);
    // Ana is mailed once a reply (Dana's earlier one, and this), never once a retry.
    await drainMail(sut);
    const mails = await queryRows<{ n: number }>(
      sut,
      `SELECT count(*)::int AS n FROM local_mailbox WHERE lower(to_address) = lower($1) AND subject LIKE 'A new message%'`,
      [ana.email],
    );
    expect(mails[0].n).toBe(2);
  });

  it('lets staff acting for the customer write for them: shown as such, audited with both identities', async () => {
    await admin.post('/api/agent/on-behalf').send({ email: ana.email }).expect(200);
    try {
      const res = await write(admin, anaClaim.id, 'Ana called: she will mail the estimate today.').expect(201);
      expect(res.body.payload.messages.at(-1)).toMatchObject({ side: 'customer', onBehalf: true });
    } finally {
      await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    }
    const [entry] = await queryRows<{ actorEmail: string; customerEmail: string; target: string }>(
      sut,
      `SELECT actor_email AS "actorEmail", customer_email AS "customerEmail", target FROM audit_log WHERE action = 'claim.message'`,
    );
    expect(entry).toEqual({ actorEmail: 'admin@meterly.test', customerEmail: ana.email, target: expect.stringContaining(anaClaim.number) });
    const [row] = await queryRows<{ onBehalf: boolean; authorIsStaff: boolean }>(
      sut,
      `SELECT on_behalf AS "onBehalf", author_id = (SELECT id FROM users WHERE email = 'admin@meterly.test') AS "authorIsStaff" FROM claim_messages WHERE body LIKE 'Ana called%'`,
    );
    expect(row).toEqual({ onBehalf: true, authorIsStaff: true });
  });

  it('takes messages on a closed claim for 60 days after it closed, then refuses them (409) for both sides', async () => {
    await admin.post(`/api/agent/claims/${benClaim.id}/status`).send({ to: 'closed', note: 'Closed: repaired by your shop.' }).expect(200);
    const closed = (await write(ben.web, benClaim.id, '¿Y el deducible?').expect(201)).body.payload;
    expect(Date.parse(closed.messagesUntil) - Date.parse(closed.events.at(-1).at)).toBe(60 * 86_400_000);
    await queryRows(sut, `UPDATE claim_events SET created_at = now() - interval '61 days' WHERE claim_id = $1 AND status = 'closed'`, [benClaim.id]);
    const refused = await write(ben.web, benClaim.id, '¿Sigue abierto?').expect(409);
    expect(refused.body.error).toEqual(expect.objectContaining({ code: 'CLAIM_MESSAGES_CLOSED', extra: { until: expect.any(String) } }));
    await reply(admin, benClaim.id, 'Too late.').expect(409);
    // The thread is still there to read.
    expect((await thread(ben.web, benClaim.id)).map((m) => m.body)).toContain('¿Y el deducible?');
  });
});
