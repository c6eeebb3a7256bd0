import { cardPath, lastDayOfProof, policyIdOfCardPath, stillValid } from './kept-cards';

// Noon in Arizona on 2026-11-28 (19:00 UTC): Arizona's day is the 28th.
const NOW = new Date('2026-11-28T19:00:00Z');
const policy = { state: 'AZ', termEndDate: '2027-05-28', cancellationDate: undefined as string | undefined };

describe('The ID cards kept offline (issue 27)', () => {
  it('keeps an active policy’s card until its term ends, a cancelled one’s until its last covered day', () => {
    expect(lastDayOfProof({ ...policy, status: 'active' }, NOW)).toBe('2027-05-28');
    expect(lastDayOfProof({ ...policy, status: 'cancelled', cancellationDate: '2026-11-28' }, NOW)).toBe('2026-11-28');
    expect(lastDayOfProof({ ...policy, status: 'cancelled', cancellationDate: '2026-11-27' }, NOW)).toBeUndefined();
  });

  it('keeps none of a policy waiting for its signature, an expired one, or one whose term has ended', () => {
    expect(lastDayOfProof({ ...policy, status: 'pending-confirmation' }, NOW)).toBeUndefined();
    expect(lastDayOfProof({ ...policy, status: 'expired' }, NOW)).toBeUndefined();
    expect(lastDayOfProof({ ...policy, status: 'active', termEndDate: '2026-11-27' }, NOW)).toBeUndefined();
  });

  it('counts a kept card’s last day on its state’s calendar', () => {
    // 06:00 UTC on the 29th is still the 28th in Arizona.
    expect(stillValid({ state: 'AZ', lastDay: '2026-11-28' }, new Date('2026-11-29T06:00:00Z'))).toBe(true);
    expect(stillValid({ state: 'AZ', lastDay: '2026-11-28' }, new Date('2026-11-29T08:00:00Z'))).toBe(false);
  });

  it('stores a card under its API address and reads the policy back from it, nothing else', () => {
    expect(policyIdOfCardPath(cardPath('abc-123'))).toBe('abc-123');
    expect(policyIdOfCardPath('/api/policies/abc-123/documents/declarations.pdf')).toBeUndefined();
    expect(policyIdOfCardPath('/api/policies/abc-123')).toBeUndefined();
  });
});
