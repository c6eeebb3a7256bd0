import { StaffScope, staffScopeSql } from './staff-scope';

describe(StaffScope.name, () => {
  it("gives an admin everything: no producer to match, every policy's producer covered", () => {
    const sut = StaffScope.of({ role: 'admin' });
    expect(sut.all).toBe(true);
    expect(sut.producerId).toBeNull();
    expect([sut.covers('MTR-1001'), sut.covers(null)]).toEqual([true, true]);
  });

  it('gives an agent only what they sold', () => {
    const sut = StaffScope.of({ role: 'agent', producerId: 'MTR-1001' });
    expect(sut.all).toBe(false);
    expect(sut.producerId).toBe('MTR-1001');
    expect([sut.covers('MTR-1001'), sut.covers('MTR-1002'), sut.covers(null)]).toEqual([true, false, false]);
  });

  it('gives an agent without a producer number, or a customer, nothing', () => {
    for (const sut of [StaffScope.of({ role: 'agent' }), StaffScope.of({ role: 'customer' })]) {
      expect(sut.all).toBe(false);
      expect(sut.producerId).toBe('');
      expect([sut.covers(''), sut.covers('MTR-1001'), sut.covers(null)]).toEqual([false, false, false]);
    }
  });

  it('writes the same rule as SQL over a producer column and a parameter', () => {
    expect(staffScopeSql('p.producer_id', 2)).toBe('($2::text IS NULL OR p.producer_id = $2)');
  });
});
