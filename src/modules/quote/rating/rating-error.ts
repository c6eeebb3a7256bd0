/** Why an input cannot be rated. */
export type RatingErrorCode =
  | 'STATE_NOT_RATED'
  | 'ZIP_UNKNOWN'
  | 'NO_DRIVER'
  | 'DRIVER_TOO_YOUNG'
  | 'BIRTH_DATE_INVALID'
  | 'COLLISION_WITHOUT_COMPREHENSIVE'
  | 'BELOW_STATE_MINIMUM';

export class RatingError extends Error {
  override name = 'RatingError';

  constructor(
    readonly code: RatingErrorCode,
    message: string,
  ) {
    super(message);
  }
}
