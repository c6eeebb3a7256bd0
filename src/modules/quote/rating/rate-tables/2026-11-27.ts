import { RATE_TABLE_2026_11_25C } from './2026-11-25c';
import type { RateTable } from '../rating-types';

const PREVIOUS = RATE_TABLE_2026_11_25C;

/**
 * Rate table 2026-11-27. NEVER EDIT THIS FILE (see 2026-11-01.ts). Every rate and rule of
 * 2026-11-25c, and a multi-car discount: each car of a policy that insures two or more pays 85 %
 * of its base rate (its per-mile rate is unchanged: the miles are measured, not assumed). A new
 * version rather than a factor every table has, so that a policy sold before keeps the prices it
 * was sold at until a change or its renewal re-rates it on this table (docs/pricing.md, "Several cars").
 */
export const RATE_TABLE_2026_11_27: RateTable = {
  ...PREVIOUS,
  version: '2026-11-27',
  effectiveFrom: '2026-11-27',
  multiCar: { base: 0.85, perMile: 1 },
};
