import { AGENT_NOT_LICENSED_IN_STATE } from './agent-licence.exception';
import { actingProducer, AgentLicenceService } from './agent-licence.service';
import type { AgentDetails, AgentRepository } from './agent.repository';

const DANA: AgentDetails = {
  producerId: 'MTR-1001',
  userId: 'u1',
  name: 'Dana Reyes',
  email: 'agent@meterly.test',
  phone: '+1 602-555-0117',
  licenseNumber: 'AZ-1843377',
  licensedStates: ['AZ', 'TX', 'OR'],
  active: true,
};

describe(AgentLicenceService.name, () => {
  const directory = (agent?: AgentDetails) => ({ findByProducerId: async () => agent }) as unknown as AgentRepository;

  it('lets an agent sell in a state they are licensed in', async () => {
    await expect(new AgentLicenceService(directory(DANA)).ensureLicensed('MTR-1001', 'TX')).resolves.toBeUndefined();
  });

  it('refuses a state they are not licensed in with 403, naming the state and where they are', async () => {
    const refusal = new AgentLicenceService(directory(DANA)).ensureLicensed('MTR-1001', 'IL');
    await expect(refusal).rejects.toMatchObject({ code: AGENT_NOT_LICENSED_IN_STATE, status: 403, extra: { state: 'IL', licensedStates: ['AZ', 'TX', 'OR'] } });
    await expect(new AgentLicenceService(directory(DANA)).ensureLicensed('MTR-1001', 'IL')).rejects.toThrow(/ IL /);
  });

  it('counts a deactivated or unknown agent as licensed nowhere', async () => {
    await expect(new AgentLicenceService(directory({ ...DANA, active: false })).ensureLicensed('MTR-1001', 'AZ')).rejects.toMatchObject({
      extra: { licensedStates: [] },
    });
    await expect(new AgentLicenceService(directory(undefined)).ensureLicensed('MTR-9999', 'AZ')).rejects.toMatchObject({ code: AGENT_NOT_LICENSED_IN_STATE });
  });

  it("checks nothing for a sale with no producer (the agency's) or a quote with no state yet", async () => {
    const sut = new AgentLicenceService(directory(undefined));
    await expect(sut.ensureLicensed(null, 'IL')).resolves.toBeUndefined();
    await expect(sut.ensureLicensed('MTR-1001', null)).resolves.toBeUndefined();
  });

  it('names the acting agent only while an agent acts for a customer', () => {
    const staff = { userId: 's1', email: 'agent@example.com' };
    expect(actingProducer({ role: 'agent', producerId: 'MTR-1001', staff })).toBe('MTR-1001');
    expect(actingProducer({ role: 'agent', producerId: 'MTR-1001' })).toBeUndefined();
    expect(actingProducer({ role: 'admin', staff })).toBeUndefined();
    expect(actingProducer({ role: 'customer' })).toBeUndefined();
  });

  describe('acting on a policy (issue 30)', () => {
    const staff = { userId: 's1', email: 'agent@meterly.test' };
    const dana = { role: 'agent' as const, producerId: 'MTR-1001', staff, correlationId: null };
    const admin = { role: 'admin' as const, staff, correlationId: null };
    const customer = { role: 'customer' as const, userId: 'c1', correlationId: null };
    const arizona = { state: 'AZ', producerId: 'MTR-1001' };

    it('refuses the acting agent a policy, or a move, in a state they are not licensed in', async () => {
      const sut = new AgentLicenceService(directory(DANA));
      await expect(sut.assertMayActOnPolicy(dana, { state: 'IL', producerId: null })).rejects.toMatchObject({
        status: 403,
        extra: { state: 'IL', agent: 'acting' },
      });
      await expect(sut.assertMayActOnPolicy(dana, arizona, 'IL')).rejects.toMatchObject({ extra: { state: 'IL', agent: 'acting' } });
      await expect(sut.assertMayActOnPolicy(dana, arizona, 'TX')).resolves.toBe('stays');
    });

    it("refuses any staff member while the policy's agent of record is not licensed in its state; the customer is not refused", async () => {
      const sut = new AgentLicenceService(directory({ ...DANA, licensedStates: ['TX'] }));
      await expect(sut.assertMayActOnPolicy(admin, arizona)).rejects.toMatchObject({ extra: { state: 'AZ', agent: 'of-record' } });
      await expect(sut.assertMayActOnPolicy(customer, arizona)).resolves.toBe('stays');
    });

    it('answers that a move out of the agent of record’s states releases them, whoever moves it; none to release on an agency policy', async () => {
      const sut = new AgentLicenceService(directory(DANA));
      await expect(sut.assertMayActOnPolicy(customer, arizona, 'IL')).resolves.toBe('released');
      await expect(sut.assertMayActOnPolicy(admin, arizona, 'IL')).resolves.toBe('released');
      await expect(sut.assertMayActOnPolicy(customer, { state: 'AZ', producerId: null }, 'IL')).resolves.toBe('stays');
    });

    it("refuses a quote's state where the agent who started it is not licensed, whoever answers it", async () => {
      const sut = new AgentLicenceService(directory(DANA));
      await expect(sut.assertMayQuote(customer, { producerId: 'MTR-1001' }, 'IL')).rejects.toMatchObject({ extra: { state: 'IL', agent: 'of-record' } });
      await expect(sut.assertMayQuote(customer, { producerId: null }, 'IL')).resolves.toBeUndefined();
    });
  });
});
