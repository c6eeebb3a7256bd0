/**
 * The states we sell in at launch (DESIGN.md "Where we sell"): the default of the configuration
 * variable SELLING_STATES, which may narrow or change it. A state is sold only when it is both
 * configured and rated by the rate table in force (rate-tables/*.ts).
 */
export const SELLING_STATES = ['AZ', 'IL', 'OR', 'PA', 'TX'] as const;

export type SellingState = (typeof SELLING_STATES)[number];
