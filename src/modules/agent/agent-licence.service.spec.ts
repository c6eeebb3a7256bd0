import type { AgentDetails, AgentRepository } from './agent.repository';
import { actingProducer, AgentLicenceService } from './agent-licence.service';
import { AGENT_NOT_LICENSED_IN_STATE } from './agent-licence.exception';

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
    await expect(new AgentLicenceService(directory({ ...DANA, active: false })).ensureLicensed('MTR-1001', 'AZ')).rejects.toMatchObject({ extra: { licensedStates: [] } });
    await expect(new AgentLicenceService(directory(undefined)).ensureLicensed('MTR-9999', 'AZ')).rejects.toMatchObject({ code: AGENT_NOT_LICENSED_IN_STATE });
  });

  it('checks nothing for a sale with no producer (the agency\'s) or a quote with no state yet', async () => {
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
});
