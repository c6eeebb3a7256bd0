import { RATE_TABLE_2026_11_01 } from './2026-11-01';
import type { RateTable } from '../rating-types';

const FIRST = RATE_TABLE_2026_11_01;

/**
 * Rate table 2026-11-25. NEVER EDIT THIS FILE (see 2026-11-01.ts). It keeps every rate of
 * 2026-11-01 and corrects the state rules checked against each statute (docs/pricing.md, "Where
 * each state's rules come from"): Oregon's compulsory personal injury protection ($15,000 a
 * person, ORS 742.524) is PIP, no longer stood in for by $10,000 of medical payments; Texas
 * offers PIP ($2,500, Ins. Code §1952.152) and uninsured motorist cover no lower than its 30/60
 * minimum; and Arizona, Pennsylvania and Texas ask the customer to select or reject what the
 * law lets them turn down in writing.
 */
export const RATE_TABLE_2026_11_25: RateTable = {
  ...FIRST,
  version: '2026-11-25',
  effectiveFrom: '2026-11-25',
  states: {
    AZ: { ...FIRST.states.AZ, lowestUninsuredMotorist: '25/50', personalInjuryProtection: null, choices: ['uninsuredMotorist'] },
    IL: { ...FIRST.states.IL, lowestUninsuredMotorist: '25/50', personalInjuryProtection: null, choices: [] },
    OR: {
      ...FIRST.states.OR,
      requiredMedicalPayments: null,
      lowestUninsuredMotorist: '25/50',
      personalInjuryProtection: { minimum: 15000, required: true },
      choices: [],
    },
    PA: { ...FIRST.states.PA, lowestUninsuredMotorist: '25/50', personalInjuryProtection: null, choices: ['uninsuredMotorist'] },
    TX: {
      ...FIRST.states.TX,
      lowestUninsuredMotorist: '30/60',
      personalInjuryProtection: { minimum: 2500, required: false },
      choices: ['uninsuredMotorist', 'personalInjuryProtection'],
    },
  },
  // Texas' minimum, between 25/50 and 50/100.
  uninsuredMotorist: { ...FIRST.uninsuredMotorist, '30/60': { base: 1.055, perMile: 1.07 } },
  // Injuries, whoever is at fault, plus lost income: mostly per mile, a little dearer than
  // medical payments of the same amount, which pay only the medical bills.
  personalInjuryProtection: {
    '2500': { base: 1.02, perMile: 1.04 },
    '5000': { base: 1.03, perMile: 1.055 },
    '10000': { base: 1.045, perMile: 1.075 },
    '15000': { base: 1.055, perMile: 1.09 },
    '25000': { base: 1.07, perMile: 1.11 },
  },
};
