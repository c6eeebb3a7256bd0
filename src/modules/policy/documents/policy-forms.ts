/**
 * The forms a Meterly policy is written on, as the declarations list them. The numbers are
 * Meterly's own, invented for this fictional product as a carrier numbers its filed forms
 * (prefix, form, edition month/year): the personal auto policy, the pay-per-mile endorsement
 * (how miles are measured and billed, the 250-mile daily cap) and one amendatory endorsement per
 * state. One list, so the declarations and any later document name the same editions.
 */
export const POLICY_FORM_EDITION = '11/26';

export const POLICY_FORMS = [
  { number: `MTR-PP-01 (${POLICY_FORM_EDITION})`, title: 'personalAuto' },
  { number: `MTR-PM-01 (${POLICY_FORM_EDITION})`, title: 'payPerMile' },
] as const;

/** The state's amendatory endorsement: "MTR-AZ-01 (11/26)". */
export const stateFormNumber = (state: string) => `MTR-${state}-01 (${POLICY_FORM_EDITION})`;
