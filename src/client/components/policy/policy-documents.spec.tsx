import { documentsOf } from './policy-documents';

describe(documentsOf.name, () => {
  const cancelled = { status: 'cancelled' as const, state: 'AZ', cancellationDate: '2026-12-15' };

  it('offers no ID card before the policy is bound, and both documents while it is active', () => {
    expect(documentsOf({ status: 'pending-confirmation', state: 'AZ' }, '2026-12-01')).toEqual(['declarations']);
    expect(documentsOf({ status: 'active', state: 'AZ' }, '2026-12-01')).toEqual(['id-card', 'declarations']);
  });

  it('keeps the ID card of a cancelled policy to the end of its last covered day, then offers only the declarations and the notice', () => {
    expect(documentsOf(cancelled, '2026-12-15')).toEqual(['id-card', 'declarations', 'cancellation-notice']);
    expect(documentsOf(cancelled, '2026-12-16')).toEqual(['declarations', 'cancellation-notice']);
  });

  it('an expired policy (not renewed) keeps its ID card to its last day, then only its declarations: it was not cancelled, so no notice', () => {
    const expired = { status: 'expired' as const, state: 'AZ', cancellationDate: '2027-05-26' };
    expect(documentsOf(expired, '2027-05-26')).toEqual(['id-card', 'declarations']);
    expect(documentsOf(expired, '2027-05-27')).toEqual(['declarations']);
  });
});
