import { carCoverStartsAt, coverStartsAt, formatCoverStart } from './cover-start';

describe(coverStartsAt.name, () => {
  // Arizona keeps UTC−7 all year: midnight of November 27 there is 07:00 UTC.
  const policy = { effectiveDate: '2026-11-27', state: 'AZ' };

  it('covers a policy bought on its first day from the moment it was bound, not the midnight before', () => {
    const boundAt = new Date('2026-11-28T03:34:00Z'); // 8:34 pm on November 27 in Phoenix
    expect(coverStartsAt({ ...policy, boundAt })).toEqual(boundAt);
  });

  it('covers a policy bought before its first day from the start of that day in its state', () => {
    expect(coverStartsAt({ ...policy, boundAt: new Date('2026-11-20T18:00:00Z') })).toEqual(new Date('2026-11-27T07:00:00Z'));
  });

  it('reads both sides of midnight in the state: a minute before is the day before, a minute after is the first day', () => {
    // 11:59 pm on November 26 in Phoenix (06:59 UTC on the 27th, already "the 27th" in UTC).
    expect(coverStartsAt({ ...policy, boundAt: new Date('2026-11-27T06:59:00Z') })).toEqual(new Date('2026-11-27T07:00:00Z'));
    // 12:01 am on November 27 in Phoenix.
    expect(coverStartsAt({ ...policy, boundAt: new Date('2026-11-27T07:01:00Z') })).toEqual(new Date('2026-11-27T07:01:00Z'));
  });

  it("reads the day in the policy's own state (Pennsylvania's midnight is Eastern time)", () => {
    expect(coverStartsAt({ effectiveDate: '2026-12-01', state: 'PA', boundAt: new Date('2026-11-20T18:00:00Z') })).toEqual(new Date('2026-12-01T05:00:00Z'));
  });

  it('starts a first day on which the clocks spring forward at its midnight, still standard time', () => {
    // March 8, 2026: Eastern midnight is 05:00 UTC (EST), the clocks go to EDT at 2 am.
    expect(coverStartsAt({ effectiveDate: '2026-03-08', state: 'PA', boundAt: new Date('2026-03-01T12:00:00Z') })).toEqual(new Date('2026-03-08T05:00:00Z'));
    // Bought at 3:30 am CDT that day in Texas (08:30 UTC), after the jump: from then.
    const bought = new Date('2026-03-08T08:30:00Z');
    expect(coverStartsAt({ effectiveDate: '2026-03-08', state: 'TX', boundAt: bought })).toEqual(bought);
  });

  it('starts a first day on which the clocks fall back at its midnight, still daylight time', () => {
    // November 1, 2026: Pacific midnight is 07:00 UTC (PDT); 1:30 am happens twice.
    expect(coverStartsAt({ effectiveDate: '2026-11-01', state: 'OR', boundAt: new Date('2026-10-30T12:00:00Z') })).toEqual(new Date('2026-11-01T07:00:00Z'));
    const secondOneThirty = new Date('2026-11-01T09:30:00Z'); // 1:30 am PST, the second time round
    expect(coverStartsAt({ effectiveDate: '2026-11-01', state: 'OR', boundAt: secondOneThirty })).toEqual(secondOneThirty);
  });

  it('takes the bound moment as the wire sends it (an ISO string)', () => {
    expect(coverStartsAt({ ...policy, boundAt: '2026-11-28T03:34:00.000Z' })).toEqual(new Date('2026-11-28T03:34:00Z'));
  });

  it('covers nothing while the policy is not bound', () => {
    expect(coverStartsAt({ ...policy, boundAt: null })).toBeNull();
    expect(coverStartsAt(policy)).toBeNull();
  });
});

describe(carCoverStartsAt.name, () => {
  const policy = { effectiveDate: '2026-11-27', state: 'AZ', boundAt: new Date('2026-11-28T03:34:00Z') };

  it("covers a car on the policy from its first day from the policy's own moment", () => {
    expect(carCoverStartsAt(policy, '2026-11-27')).toEqual(policy.boundAt);
  });

  it('covers a car a change added from the start of its day in the state', () => {
    expect(carCoverStartsAt(policy, '2026-12-05')).toEqual(new Date('2026-12-05T07:00:00Z'));
  });

  it('covers no car of an unbound policy', () => {
    expect(carCoverStartsAt({ ...policy, boundAt: null }, '2026-12-05')).toBeNull();
  });
});

describe(formatCoverStart.name, () => {
  it("prints the moment in the state's time zone, named, in English and Spanish", () => {
    expect(formatCoverStart('2026-11-28T03:34:00Z', 'AZ', 'en-US')).toBe('November 27, 2026 at 8:34 PM MST');
    const spanish = formatCoverStart('2026-11-28T03:34:00Z', 'AZ', 'es');
    expect(spanish).toContain('27 de noviembre de 2026');
    expect(spanish).toMatch(/8:34\s*p\.\s*m\./);
    expect(spanish).toContain('MST');
  });

  it('names daylight time when it is in force (Pennsylvania in July)', () => {
    expect(formatCoverStart('2026-07-01T04:00:00Z', 'PA', 'en-US')).toBe('July 1, 2026 at 12:00 AM EDT');
  });
});
