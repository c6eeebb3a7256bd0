import { REJECTABLE_COVERAGES, withDefaults, type Coverage, type RejectableCoverage } from './coverage-model';

/** Who turned a coverage down: the customer, staff on their behalf, or not recorded (rows from before issue 26). */
export const REJECTION_CHOOSERS = ['customer', 'staff', 'unknown'] as const;
export type RejectionChooser = (typeof REJECTION_CHOOSERS)[number];
/** How: the customer on the web by themselves, or with an agent (staff acting on their behalf). */
export const REJECTION_CHANNELS = ['web', 'agent-assisted'] as const;
export type RejectionChannel = (typeof REJECTION_CHANNELS)[number];

/** One coverage turned down in writing, with who chose it, when, how, and when the named insured signed it. */
export interface CoverageRejectionView {
  coverage: RejectableCoverage;
  chosenBy: RejectionChooser;
  /** The staff member's name (the agent's, else the account's name or e-mail) when staff chose it. */
  staffName?: string;
  channel: RejectionChannel;
  /** ISO moment. */
  chosenAt: string;
  /** ISO moment the named insured signed it (the purchase signature, or the acknowledgement when confirming a staff sale); null until then. */
  signedAt: string | null;
}

/** The coverages this coverage turns down in writing (a `reject` answer), in the model's order. */
export function rejectedCoverages(coverage: Coverage): RejectableCoverage[] {
  const { choices } = withDefaults(coverage);
  return REJECTABLE_COVERAGES.filter((key) => choices[key] === 'reject');
}

/** The rejections the named insured has still to see and sign before a staff sale binds. */
export function unsignedRejections(rejections: readonly CoverageRejectionView[]): RejectableCoverage[] {
  return rejections.filter((r) => !r.signedAt).map((r) => r.coverage);
}
