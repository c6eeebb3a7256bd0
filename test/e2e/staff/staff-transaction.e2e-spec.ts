import { TransactionHost } from '@nestjs-cls/transactional';
import { DataSource } from 'typeorm';
import { StaffDeactivation } from '../../../src/modules/admin';
import { StaffEnrolment } from '../../../src/modules/agent';
import { SignInCodes } from '../../../src/modules/auth';
import { queryRows } from '../../support/payment-fixtures';
import { useTestApp } from '../../support/use-test-app';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** One way into a transaction (issue 28): a unit of work spans every owner's service it calls, or nothing of it is written. */
describe('Staff changes in one transaction', () => {
  const sut = useTestApp();

  const txHost = () => sut.app.get<TransactionHost<TransactionalAdapterTypeOrm>>(TransactionHost);
  const agent = (n: number) => ({
    email: `tx-agent-${n}@example.com`,
    name: `Tx Agent ${n}`,
    producerId: `MTR-7${String(n).padStart(3, '0')}`,
    phone: '+1 555-0199',
    licenseNumber: `TX-7${n}`,
    licensedStates: ['TX'],
  });
  const accountOf = (email: string) =>
    queryRows<{ active: boolean; role: string; agentActive: boolean | null }>(
      sut,
      `SELECT u.active, u.role, a.active AS "agentActive" FROM users u LEFT JOIN agents a ON a.user_id = u.id WHERE u.email = $1`,
      [email],
    );
  const liveSessionsOf = async (email: string) =>
    (await queryRows<{ n: number }>(sut, `SELECT count(*)::int AS n FROM session WHERE user_email = lower($1)`, [email]))[0].n;

  afterEach(() => jest.restoreAllMocks());

  it('writes nothing when deactivation fails after its first writes: the account, the directory entry and the sessions stay', async () => {
    const staff = agent(1);
    await sut.app.get(StaffEnrolment).addAgent(staff);
    await sut.signIn(staff.email);
    expect(await liveSessionsOf(staff.email)).toBe(1);
    // The account, its directory entry and its sessions are written first; the codes' owner then fails.
    jest.spyOn(sut.app.get(SignInCodes), 'voidAllFor').mockRejectedValue(new Error('sign-in codes unavailable'));

    await expect(sut.app.get(StaffDeactivation).deactivate(staff.email, new Date())).rejects.toThrow('sign-in codes unavailable');

    expect(await accountOf(staff.email)).toEqual([{ active: true, role: 'agent', agentActive: true }]);
    expect(await liveSessionsOf(staff.email)).toBe(1);
  });

  it('writes everything when it succeeds (the same unit of work, not failed)', async () => {
    const staff = agent(2);
    await sut.app.get(StaffEnrolment).addAgent(staff);
    await sut.signIn(staff.email);

    await expect(sut.app.get(StaffDeactivation).deactivate(staff.email, new Date())).resolves.toMatchObject({ sessions: 1 });

    expect(await accountOf(staff.email)).toEqual([{ active: false, role: 'agent', agentActive: false }]);
    expect(await liveSessionsOf(staff.email)).toBe(0);
  });

  it("joins a caller's transaction: a service that opens its own (addAgent) rolls back with the caller's", async () => {
    const staff = agent(3);
    await expect(
      txHost().withTransaction(async () => {
        const outer = txHost().tx;
        await sut.app.get(StaffEnrolment).addAgent(staff);
        // The nested unit of work ran on the caller's connection: its rows are visible here, before any commit.
        await expect(outer.query(`SELECT count(*)::int AS n FROM agents WHERE producer_id = $1`, [staff.producerId])).resolves.toEqual([{ n: 1 }]);
        throw new Error('the caller fails after');
      }),
    ).rejects.toThrow('the caller fails after');

    expect(await accountOf(staff.email)).toEqual([]);
  });

  it('works outside a request: no transaction is open until one is asked for, and then the repositories read it', async () => {
    const host = txHost();
    expect(host.isTransactionActive()).toBe(false);
    expect(host.tx).toBe(sut.app.get(DataSource).manager);
    await host.withTransaction(async () => {
      expect(host.isTransactionActive()).toBe(true);
      expect(host.tx).not.toBe(sut.app.get(DataSource).manager);
      expect(host.tx.queryRunner?.isTransactionActive).toBe(true);
    });
    expect(host.isTransactionActive()).toBe(false);
  });
});
