import { coveredParts, lapseDays, lapsesWithin } from './lapse-days';

describe('days without cover (issue 26, reinstatement)', () => {
  it('runs from the first day without cover to the day before the reinstatement, which is billed as covered', () => {
    expect(lapseDays([{ fromDate: '2026-12-10', toDate: '2026-12-13' }])).toEqual([{ from: '2026-12-10', to: '2026-12-12' }]);
    // Reinstated the day cover ended: no day without cover is billed.
    expect(lapseDays([{ fromDate: '2026-12-10', toDate: '2026-12-10' }])).toEqual([]);
  });

  it('clips a lapse to a period, and takes its days out of the stretches billed for miles', () => {
    const lapses = [{ from: '2026-12-10', to: '2026-12-12' }];
    expect(lapsesWithin(lapses, '2026-12-11', '2027-01-10')).toEqual([{ from: '2026-12-11', to: '2026-12-12' }]);
    expect(lapsesWithin(lapses, '2026-11-11', '2026-12-09')).toEqual([]);
    const stretches = [
      { from: '2026-12-01', to: '2026-12-10', car: 'a' },
      { from: '2026-12-11', to: '2026-12-31', car: 'b' },
    ];
    expect(coveredParts(stretches, lapses)).toEqual([
      { from: '2026-12-01', to: '2026-12-09', car: 'a' },
      { from: '2026-12-13', to: '2026-12-31', car: 'b' },
    ]);
    expect(coveredParts([{ from: '2026-12-10', to: '2026-12-12', car: 'c' }], lapses)).toEqual([]);
  });
});
