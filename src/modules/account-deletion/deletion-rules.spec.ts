import { blockersOf } from './account-deletion.service';
import type { BlockerFacts } from './deletion-link.repository';

type Policy = BlockerFacts['policies'][number];

/** Noon in Phoenix on 2026-11-28. */
const NOW = new Date('2026-11-28T19:00:00Z');
const policy = (over: Partial<Policy>): Policy => ({
  id: 'p1',
  number: 'MTR-1',
  status: 'active',
  state: 'AZ',
  termEndDate: '2027-05-01',
  cancellationDate: null,
  bound: true,
  billedTo: null,
  lastSettled: null,
  ...over,
});
const facts = (policies: Policy[], more: Partial<BlockerFacts> = {}): BlockerFacts => ({ policies, unpaid: [], openClaims: [], openDisputes: [], ...more });
const kinds = (f: BlockerFacts) => blockersOf(f, NOW).map((b) => b.kind);

describe('what stops an account deletion today (issue 27)', () => {
  it('a policy in force, one bought but not confirmed, and one whose cancellation is still ahead', () => {
    expect(kinds(facts([policy({})]))).toEqual(['policy-in-force']);
    expect(kinds(facts([policy({ status: 'pending-confirmation', bound: false })]))).toEqual(['policy-in-force']);
    expect(kinds(facts([policy({ status: 'cancelled', cancellationDate: '2026-12-01' })]))).toEqual(['policy-in-force']);
  });

  it('an ended policy waits for its final statement, made and settled, unless it was never bound', () => {
    const ended = { status: 'cancelled', cancellationDate: '2026-11-28' } as const;
    expect(kinds(facts([policy({ ...ended })]))).toEqual(['final-bill-pending']);
    expect(kinds(facts([policy({ ...ended, billedTo: '2026-11-15', lastSettled: true })]))).toEqual(['final-bill-pending']);
    expect(kinds(facts([policy({ ...ended, billedTo: '2026-11-28', lastSettled: true })]))).toEqual([]);
    expect(kinds(facts([policy({ ...ended, billedTo: '2026-11-28', lastSettled: false })]))).toEqual(['refund-pending']);
    expect(kinds(facts([policy({ ...ended, bound: false })]))).toEqual([]);
    expect(kinds(facts([policy({ status: 'expired', termEndDate: '2026-10-01', billedTo: '2026-10-01', lastSettled: true })]))).toEqual([]);
    expect(kinds(facts([policy({ termEndDate: '2026-10-01', billedTo: '2026-09-15', lastSettled: true })]))).toEqual(['final-bill-pending']);
  });

  it('an unpaid bill (said once, not also as a refund), an open claim, an open mile dispute', () => {
    const ended = policy({ status: 'cancelled', cancellationDate: '2026-11-01', billedTo: '2026-11-01', lastSettled: false });
    expect(
      kinds(
        facts([ended], {
          unpaid: [{ policyId: 'p1', number: 'MTR-1' }],
          openClaims: [{ number: 'CLM-1', policyId: 'p1' }],
          openDisputes: [{ policyId: 'p1', number: 'MTR-1' }],
        }),
      ),
    ).toEqual(['balance-owed', 'open-claim', 'open-dispute']);
  });
});
