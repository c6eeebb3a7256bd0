import { Client } from 'pg';
import request from 'supertest';
import { queryRows } from '../../support/payment-fixtures';
import { runCli } from '../../support/run-cli';
import { browserLike, requestCode, sessionCookieOf, signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

const staffCli = (databaseUrl: string, args: string[]) => runCli('staff', databaseUrl, args);

describe('npm run staff', () => {
  jest.setTimeout(60_000);

  const sut = useTestApp();

  it('adds an agent who then signs in as staff and can look up their own details', async () => {
    const added = await staffCli(sut.databaseUrl, [
      'add-agent',
      '--email',
      'new.agent@example.com',
      '--name',
      'Rosa Park',
      '--producer-id',
      'MTR-2001',
      '--phone',
      '+1 503-555-0111',
      '--license',
      'OR-5550111',
      '--states',
      'or,az',
    ]);
    expect(added).toEqual({ code: 0, out: 'Agent Rosa Park <new.agent@example.com> is MTR-2001, licensed in OR, AZ.\n' });
    const agent = await signIn(sut, 'new.agent@example.com');
    expect((await agent.get('/api/session')).body.payload).toMatchObject({ role: 'agent', producerId: 'MTR-2001' });
    const details = await agent.post('/api/agent').send({ producerId: 'MTR-2001' }).expect(200);
    expect(details.body.payload).toMatchObject({ name: 'Rosa Park', phone: '+1 503-555-0111', licenseNumber: 'OR-5550111', licensedStates: ['OR', 'AZ'] });
  });

  it('adds an admin', async () => {
    expect((await staffCli(sut.databaseUrl, ['add-admin', '--email', 'boss@example.com', '--name', 'Sam Boss'])).out).toBe(
      'Admin Sam Boss <boss@example.com> added.\n',
    );
    const admin = await signIn(sut, 'boss@example.com');
    expect((await admin.get('/api/session')).body.payload.role).toBe('admin');
  });

  it('deactivates an agent: their sessions end, even while acting for a customer, and they cannot sign in as staff', async () => {
    await staffCli(sut.databaseUrl, [
      'add-agent',
      '--email',
      'leaving@example.com',
      '--name',
      'Lee Ving',
      '--producer-id',
      'MTR-2002',
      '--phone',
      '+1 555-0100',
      '--license',
      'TX-1',
      '--states',
      'TX',
    ]);
    const agent = await signIn(sut, 'leaving@example.com');
    await agent.post('/api/agent/on-behalf').send({ email: 'their-customer@example.com' }).expect(200);
    const cookie = sessionCookieOf(await agent.get('/api/session'))!;
    const result = await staffCli(sut.databaseUrl, ['deactivate', '--email', 'leaving@example.com']);
    expect(result.out).toBe('leaving@example.com is deactivated; 1 session ended.\n');
    expect((await browserLike(sut).get('/api/session').set('Cookie', cookie)).body.payload).toEqual({});
    const client = browserLike(sut);
    // A minute later (the per-address limit), a new link: it no longer signs them in.
    const db = new Client({ connectionString: sut.databaseUrl });
    await db.connect();
    await db.query(`UPDATE rate_limit_hits SET hit_at = hit_at - interval '61 seconds' WHERE bucket LIKE '%leaving@example.com'`);
    await db.end();
    const code = await requestCode(sut, 'leaving@example.com', client);
    const refused = await client.post('/api/auth/exchange-token').send({ code }).expect(403);
    expect(refused.body.error.code).toBe('STAFF_INACTIVE');
  });

  it('deactivating staff ends every credential that came from them: their app devices and open sign-in codes too', async () => {
    await staffCli(sut.databaseUrl, [
      'add-agent',
      '--email',
      'gone@example.com',
      '--name',
      'Gil Gone',
      '--producer-id',
      'MTR-2003',
      '--phone',
      '+1 555-0101',
      '--license',
      'TX-2',
      '--states',
      'TX',
    ]);
    const agent = await signIn(sut, 'gone@example.com');
    const device = (await agent.post('/api/mobile/devices').send({ name: 'Work phone', platform: 'ios' }).expect(201)).body.payload;
    const phone = () => request(sut.url).get('/api/mobile/policies').set('Authorization', `Bearer ${device.token}`);
    await phone().expect(200);
    const appCode = (await agent.post('/api/auth/app-code').send({}).expect(200)).body.payload.code;
    // While acting for a customer: nothing may be made that would outlive the deactivation.
    await agent.post('/api/agent/on-behalf').send({ email: 'gone-customer@example.com' }).expect(200);
    expect((await agent.post('/api/auth/app-code').send({}).expect(403)).body.error.code).toBe('CREDENTIAL_WHILE_ON_BEHALF');

    const result = await staffCli(sut.databaseUrl, ['deactivate', '--email', 'gone@example.com']);
    expect(result.out).toBe('gone@example.com is deactivated; 1 session ended; 1 app device signed out.\n');
    expect((await agent.get('/api/session')).body.payload).toEqual({});
    expect((await phone().expect(401)).body.success).toBe(false);
    const [code] = await queryRows<{ voided: boolean }>(
      sut,
      `SELECT voided_at IS NOT NULL AS voided FROM sign_in_codes WHERE user_id = (SELECT id FROM users WHERE email = 'gone@example.com') AND purpose = 'app'`,
    );
    expect(code).toEqual({ voided: true });
    expect((await request(sut.url).post('/api/auth/exchange-token').send({ code: appCode }).expect(401)).body.error.code).toBe('CODE_SUPERSEDED');
  });

  it('explains its usage and refuses bad input', async () => {
    expect((await staffCli(sut.databaseUrl, ['promote'])).code).toBe(1);
    const missing = await staffCli(sut.databaseUrl, ['add-agent', '--email', 'x@example.com']);
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/^Missing --name, --producer-id, --phone, --license, --states\./);
    expect((await staffCli(sut.databaseUrl, ['deactivate', '--email', 'nobody@example.com'])).out).toBe(
      'No agent or admin has the e-mail nobody@example.com.\n',
    );
  });
});
