import { cleanPhoto } from '../../common/images/strip-image-metadata';
import { CLAIM_PHOTO_MAX_BYTES, CLAIM_PHOTO_TYPES, type ClaimPhotoType } from '../../shared/claims/claim-model';
import { ClaimErrorCode, ClaimException } from './claim.exception';

export interface ClaimPhoto {
  contentType: ClaimPhotoType;
  bytes: Buffer;
}

/** Whether the type a photo upload declares (Content-Type, parameters aside) is one we take: checked before its body is read. */
export function isClaimPhotoType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  return (CLAIM_PHOTO_TYPES as readonly string[]).includes(type ?? '');
}

/**
 * A photo's bytes as we store them: a JPEG, PNG or WebP by its bytes (never by what the browser
 * said), at most 2 MB, without its metadata (GPS position, device serial: common/images); a 400
 * otherwise.
 */
export function claimPhotoOf(bytes: Buffer): ClaimPhoto {
  const cleaned = bytes.length <= CLAIM_PHOTO_MAX_BYTES ? cleanPhoto(bytes, CLAIM_PHOTO_TYPES) : null;
  if (!cleaned) throw new ClaimException(ClaimErrorCode.PhotoInvalid);
  return cleaned;
}
