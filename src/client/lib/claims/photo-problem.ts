import { CLAIM_PHOTO_LIMIT, CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTO_TYPES } from '../../../shared/claims/claim-model';

/** Why chosen photos cannot go with a report, checked before sending (the server checks their bytes again). */
export type PhotoProblem = 'tooMany' | 'type' | 'size';

export function photoProblem(files: readonly File[]): PhotoProblem | undefined {
  if (files.length > CLAIM_PHOTO_LIMIT) return 'tooMany';
  if (files.some((file) => !(CLAIM_PHOTO_TYPES as readonly string[]).includes(file.type))) return 'type';
  if (files.some((file) => file.size > CLAIM_PHOTO_MAX_BYTES)) return 'size';
  return undefined;
}
