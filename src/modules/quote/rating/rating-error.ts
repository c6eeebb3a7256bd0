/** Why an input cannot be rated. */
export type RatingErrorCode =
  | 'STATE_NOT_RATED'
  | 'ZIP_UNKNOWN'
  | 'NO_DRIVER'
  | 'DRIVER_TOO_YOUNG'
  | 'BIRTH_DATE_INVALID'
  | 'COLLISION_WITHOUT_COMPREHENSIVE'
  | 'BELOW_STATE_MINIMUM'
  /** A coverage the state does not have (personal injury protection outside Oregon and Texas). */
  | 'NOT_OFFERED_IN_STATE'
  /** A value the table has no factor for, or that is not a number or a date: `field` names it. */
  | 'INPUT_INVALID';

export class RatingError extends Error {
  override name = 'RatingError';

  constructor(
    readonly code: RatingErrorCode,
    message: string,
    /** The input's path (`drivers.0.birthDate`, `coverage.rental`) when one field is at fault. */
    readonly field?: string,
  ) {
    super(message);
  }
}
