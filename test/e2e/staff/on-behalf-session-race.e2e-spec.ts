import { setTimeout as sleep } from 'node:timers/promises';
import { uniqueEmail } from '../../support/sign-in';
import { signedInAs, useTestApp } from '../../support/use-test-app';

/**
 * Issue 18: a browser test saw a 401 when on-behalf started while the page saved its session at
 * the same moment. The page's own writes (its language, its cookie decision) and reads go on
 * while staff start and stop acting for a customer; whatever order they finish in, the staff
 * member's session must come out as the one they asked for.
 */
describe('Acting for a customer while the page saves its session', () => {
  jest.setTimeout(120_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });
  const agent = signedInAs(sut, 'agent@meterly.test');

  /** What the page sends around a change of hands: its session fields, its cookie decision, a read of the session. */
  const pageTraffic = (delayMs: number, locale: 'en-US' | 'es') =>
    sleep(delayMs).then(() =>
      Promise.all([
        agent.post('/api/session').send({ locale }),
        agent.post('/api/consent').send({ tracking: true, advertising: false, source: 'banner-confirm' }),
        agent.get('/api/session'),
      ]),
    );

  it('keeps the on-behalf session, and then the staff session, whatever the page saved meanwhile', async () => {
    for (let round = 0; round < 12; round++) {
      const customerEmail = uniqueEmail('race');
      const delay = round % 4;
      const [start] = await Promise.all([agent.post('/api/agent/on-behalf').send({ email: customerEmail }), pageTraffic(delay, round % 2 ? 'es' : 'en-US')]);
      expect(start.status).toBe(200);
      const during = await agent.get('/api/session').expect(200);
      expect({ round, session: during.body.payload }).toMatchObject({ round, session: { userEmail: customerEmail, role: 'agent', onBehalf: true } });
      // A staff-only call works: the session is the staff member's, acting for the customer.
      await agent.post('/api/agent').send({ producerId: 'MTR-1001' }).expect(200);

      const [stop] = await Promise.all([agent.post('/api/agent/on-behalf/stop').send({}), pageTraffic(delay, 'en-US')]);
      expect(stop.status).toBe(200);
      const after = await agent.get('/api/session').expect(200);
      expect({ round, session: after.body.payload }).toMatchObject({ round, session: { userEmail: 'agent@meterly.test', role: 'agent' } });
      expect(after.body.payload.onBehalf).toBeUndefined();
    }
  });
});
