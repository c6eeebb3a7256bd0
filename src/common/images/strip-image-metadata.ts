import { stripJpegMetadata } from './strip-jpeg-metadata';
import { stripPngMetadata } from './strip-png-metadata';
import { stripWebpMetadata } from './strip-webp-metadata';

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

/** What an image is by its first bytes (never by what the sender said): JPEG, PNG, WebP, or nothing we take. */
export function sniffImage(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const STRIPPERS: Record<PhotoType, (bytes: Buffer) => Buffer | null> = {
  'image/jpeg': stripJpegMetadata,
  'image/png': stripPngMetadata,
  'image/webp': stripWebpMetadata,
};

/**
 * A customer's photo as we keep it: its type by its bytes and the picture without the metadata
 * a phone writes into it (where it was taken, when, the device's serial number). Null when it is
 * not one of our types or cannot be walked to its end. Every photo we store passes here
 * (claims, odometer readings, disputed days): a stored photo never carries a GPS position.
 */
export function cleanPhoto(bytes: Buffer, accepted: readonly PhotoType[]): { contentType: PhotoType; bytes: Buffer } | null {
  const contentType = sniffImage(bytes);
  if (!contentType || !accepted.includes(contentType)) return null;
  const stripped = STRIPPERS[contentType](bytes);
  return stripped && { contentType, bytes: stripped };
}
