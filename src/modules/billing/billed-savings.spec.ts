import { billedSavings } from './billed-savings';
import type { StatementLine } from '../../shared/billing/statement-line';

describe(billedSavings.name, () => {
  const period = { index: 0, start: '2026-11-05', end: '2026-12-04', days: 30, monthDays: 30 };
  const miles = (amountCents: number): StatementLine => ({
    kind: 'miles',
    vehicleIndex: 0,
    from: period.start,
    to: period.end,
    miles: 1,
    perMileRateMills: 70,
    amountCents,
  });

  it("compares the period's base rate and its own miles with a month of the flat rate", () => {
    const lines: StatementLine[] = [miles(2100), { kind: 'base-rate', from: '2026-12-05', to: '2027-01-04', amountCents: 5000 }];
    const sut = billedSavings({ period, lastDay: period.end, monthlyBaseCents: 5000, flatMonthlyCents: 12875, lines });
    expect(sut).toEqual({ from: '2026-11-05', to: '2026-12-04', flatCents: 12875, paidCents: 7100, savingsCents: 5775 });
  });

  it('leaves out a correction of an earlier period, and says when the period cost more', () => {
    const lines: StatementLine[] = [
      miles(9000),
      { kind: 'mileage-adjustment', vehicleIndex: 0, from: '2026-10-30', to: '2026-10-30', miles: -10, perMileRateMills: 70, amountCents: -70 },
    ];
    const sut = billedSavings({ period, lastDay: period.end, monthlyBaseCents: 5000, flatMonthlyCents: 12875, lines });
    expect(sut.paidCents).toBe(14000);
    expect(sut.savingsCents).toBe(-1125);
  });

  it('prorates the flat rate to the days covered when the policy was cancelled in the period', () => {
    const lines: StatementLine[] = [miles(300), { kind: 'base-rate-credit', from: '2026-11-15', to: period.end, amountCents: -3333 }];
    const sut = billedSavings({ period, lastDay: '2026-11-14', monthlyBaseCents: 5000, flatMonthlyCents: 12000, lines });
    expect(sut).toEqual({ from: '2026-11-05', to: '2026-11-14', flatCents: 4000, paidCents: 5000 + 300 - 3333, savingsCents: 4000 - 1967 });
  });

  it("counts a policy change's base rate difference in the period it was billed for", () => {
    const lines: StatementLine[] = [
      miles(2100),
      { kind: 'policy-change', from: '2026-11-20', to: period.end, days: 15, periodDays: 30, amountCents: 3000 },
      { kind: 'base-rate', from: '2026-12-05', to: '2027-01-04', amountCents: 11000 },
    ];
    const sut = billedSavings({ period, lastDay: period.end, monthlyBaseCents: 5000, flatMonthlyCents: 20000, lines });
    expect(sut).toMatchObject({ paidCents: 5000 + 2100 + 3000, savingsCents: 20000 - 10100 });
  });
});
