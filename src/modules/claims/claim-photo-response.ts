import type { StoredClaimPhoto } from './claim.repository';
import type { Response } from 'express';

/** A stored claim photo as itself: private, never cached, never sniffed into something else. */
export function sendClaimPhoto(res: Response, photo: StoredClaimPhoto): void {
  res
    .status(200)
    .type(photo.contentType)
    .setHeader('Cache-Control', 'private, no-store')
    .setHeader('X-Content-Type-Options', 'nosniff')
    .setHeader('Content-Security-Policy', "default-src 'none'")
    .end(photo.bytes);
}
