import { CLAIMS_PHONE } from '../../../shared/claims/claims-contact';
import type { ApiFailure } from '../../lib/api/api-result';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Why a photo did not reach the claim, in the customer's words. */
export function photoFailure(t: Translate, failure: ApiFailure): string {
  if (failure.code === 'CLAIM_PHOTO_INVALID' || failure.code === 'CLAIM_TOO_MANY_PHOTOS') return t(`errors.${failure.code}`);
  if (failure.status === 413) return t('errors.photos.size');
  if (failure.status === 429) return t('errors.photos.tooManyToday', { phone: CLAIMS_PHONE });
  return t('errors.photos.failed');
}
