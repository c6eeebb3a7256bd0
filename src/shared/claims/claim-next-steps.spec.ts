import { after, dueAfter, METERLY_TIMES, nextSteps, STATE_LIMITS } from './claim-next-steps';
import type { ClaimStatus } from './claim-states';

/** A claim's step at noon in Phoenix (19:00 UTC) on `day`. */
const at = (status: ClaimStatus, day: string) => ({ status, at: `${day}T19:00:00.000Z` });

describe('A claim: what happens next, and by when', () => {
  it('counts business days Monday to Friday, and calendar days as they come', () => {
    // Friday 2026-11-27: two business days on is Tuesday, five the next Friday.
    expect(after('2026-11-27', { days: 2, business: true })).toBe('2026-12-01');
    expect(after('2026-11-27', { days: 5, business: true })).toBe('2026-12-04');
    expect(after('2026-11-28', { days: 1, business: true })).toBe('2026-11-30');
    expect(after('2026-11-27', { days: 30, business: false })).toBe('2026-12-27');
  });

  it("keeps Meterly's time where it is sooner, and the state's where the law asks sooner", () => {
    // Texas pays within 5 business days of accepting, as we do; Arizona's 30 days are longer than ours.
    expect(dueAfter('2026-11-27', 'payment', 'TX')).toBe('2026-12-04');
    expect(dueAfter('2026-11-27', 'payment', 'AZ')).toBe('2026-12-04');
    // No state allows less than our times at any step: ours is what the customer is told.
    for (const [state, limits] of Object.entries(STATE_LIMITS))
      for (const [step, limit] of Object.entries(limits))
        expect({ state, step, ours: after('2026-11-27', METERLY_TIMES[step as keyof typeof METERLY_TIMES]) <= after('2026-11-27', limit) }).toEqual({
          state,
          step,
          ours: true,
        });
  });

  it('chains the steps from the day the claim reached its state, in the state’s days', () => {
    // Reported Friday 27 November in Arizona: review by Tuesday 1 December, a decision 10 business days on, payment 5 more.
    expect(nextSteps({ status: 'reported', events: [at('reported', '2026-11-27')] }, 'AZ')).toEqual([
      { step: 'review', by: '2026-12-01' },
      { step: 'decision', by: '2026-12-15' },
      { step: 'payment', by: '2026-12-22' },
    ]);
    // Under review since Wednesday 2 December: the decision and the payment only.
    expect(nextSteps({ status: 'under_review', events: [at('reported', '2026-11-27'), at('under_review', '2026-12-02')] }, 'AZ')).toEqual([
      { step: 'decision', by: '2026-12-16' },
      { step: 'payment', by: '2026-12-23' },
    ]);
    expect(
      nextSteps({ status: 'approved', events: [at('reported', '2026-11-27'), at('under_review', '2026-12-02'), at('approved', '2026-12-07')] }, 'AZ'),
    ).toEqual([{ step: 'payment', by: '2026-12-14' }]);
  });

  it('has nothing ahead of a denied, paid or closed claim', () => {
    for (const status of ['denied', 'paid', 'closed'] as const)
      expect(nextSteps({ status, events: [at('reported', '2026-11-27'), at(status, '2026-12-07')] }, 'TX')).toEqual([]);
  });

  it("reads the day a step was reached on the state's clock, not UTC's", () => {
    // 05:30 UTC on 28 November is still the 27th in Phoenix (10:30 PM).
    const late = { status: 'reported' as const, events: [{ status: 'reported' as const, at: '2026-11-28T05:30:00.000Z' }] };
    expect(nextSteps(late, 'AZ')[0]).toEqual({ step: 'review', by: '2026-12-01' });
  });
});
