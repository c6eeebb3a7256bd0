import { CLAIM_PHOTO_LIMIT, CLAIM_PHOTO_MAX_BYTES, type ClaimPhotoType } from '../../shared/claims/claim-model';
import { ClaimErrorCode, ClaimException } from './claim.exception';

export interface ClaimPhoto {
  contentType: ClaimPhotoType;
  bytes: Buffer;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** What an image is by its first bytes (never by what the browser said): JPEG, PNG, WebP, or nothing we take. */
export function sniffImage(bytes: Buffer): ClaimPhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A report's photos (base64) as images we store, or a 400 naming what is wrong. */
export function decodeClaimPhotos(photos: readonly string[] | undefined): ClaimPhoto[] {
  if (!photos) return [];
  if (photos.length > CLAIM_PHOTO_LIMIT) throw new ClaimException(ClaimErrorCode.TooManyPhotos);
  return photos.map((encoded, index) => {
    const bytes = BASE64.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
    const contentType = sniffImage(bytes);
    if (!contentType || bytes.length > CLAIM_PHOTO_MAX_BYTES) throw new ClaimException(ClaimErrorCode.PhotoInvalid, { photo: index });
    return { contentType, bytes };
  });
}
