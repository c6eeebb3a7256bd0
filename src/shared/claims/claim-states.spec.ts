import { CLAIM_STATUSES, canMove, isOpenClaim, nextStatuses, type ClaimStatus } from './claim-states';

describe('Claim states', () => {
  const legal: [ClaimStatus, ClaimStatus][] = [
    ['reported', 'under_review'],
    ['reported', 'closed'],
    ['under_review', 'approved'],
    ['under_review', 'denied'],
    ['approved', 'paid'],
    ['approved', 'closed'],
    ['denied', 'closed'],
    ['paid', 'closed'],
  ];

  it.each(legal)('let staff move a claim from %s to %s', (from, to) => {
    expect(canMove(from, to)).toBe(true);
    expect(nextStatuses(from)).toContain(to);
  });

  it('refuse every other move, staying put included', () => {
    const allowed = new Set(legal.map(([from, to]) => `${from}>${to}`));
    for (const from of CLAIM_STATUSES)
      for (const to of CLAIM_STATUSES) if (!allowed.has(`${from}>${to}`)) expect([from, to, canMove(from, to)]).toEqual([from, to, false]);
  });

  it('never pay a claim that was not approved, nor decide one that was not reviewed', () => {
    for (const from of CLAIM_STATUSES.filter((s) => s !== 'approved')) expect(canMove(from, 'paid')).toBe(false);
    for (const from of CLAIM_STATUSES.filter((s) => s !== 'under_review')) {
      expect(canMove(from, 'approved')).toBe(false);
      expect(canMove(from, 'denied')).toBe(false);
    }
  });

  it('end at closed, from which nothing moves, and reach it from every state', () => {
    expect(nextStatuses('closed')).toEqual([]);
    expect(isOpenClaim('closed')).toBe(false);
    const reachable = new Set<ClaimStatus>(['reported']);
    for (let round = 0; round < CLAIM_STATUSES.length; round++) for (const s of [...reachable]) nextStatuses(s).forEach((n) => reachable.add(n));
    expect([...reachable].sort()).toEqual([...CLAIM_STATUSES].sort());
    for (const s of CLAIM_STATUSES.filter((x) => x !== 'closed')) expect(isOpenClaim(s)).toBe(true);
  });
});
