import { CLAIM_PHOTO_MAX_BYTES } from '../../shared/claims/claim-model';
import { decodeClaimPhotos, sniffImage } from './claim-photos';

const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(10)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const b64 = (bytes: Buffer) => bytes.toString('base64');

describe('Claim photos', () => {
  it.each([
    ['a JPEG', JPEG, 'image/jpeg'],
    ['a PNG', PNG, 'image/png'],
    ['a WebP', WEBP, 'image/webp'],
  ])('know %s by its first bytes', (_name, bytes, type) => {
    expect(sniffImage(bytes)).toBe(type);
  });

  it.each([
    ['a GIF', GIF],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
    ['HTML', Buffer.from('<svg onload=alert(1)>')],
    ['a RIFF that is no WebP (a WAV)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])],
    ['nothing', Buffer.alloc(0)],
  ])('take %s for no image of ours', (_name, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });

  it('decode up to five photos in the order sent', () => {
    const photos = decodeClaimPhotos([b64(JPEG), b64(PNG), b64(WEBP), b64(JPEG), b64(PNG)]);
    expect(photos.map((p) => p.contentType)).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/jpeg', 'image/png']);
    expect(photos[0].bytes.equals(JPEG)).toBe(true);
    expect(decodeClaimPhotos(undefined)).toEqual([]);
  });

  it('refuse a sixth photo', () => {
    expect(() => decodeClaimPhotos(Array.from({ length: 6 }, () => b64(JPEG)))).toThrow(expect.objectContaining({ code: 'CLAIM_TOO_MANY_PHOTOS' }));
  });

  it('refuse a photo that lies about its type, is not base64, or is over 2 MB, naming which one', () => {
    expect(() => decodeClaimPhotos([b64(JPEG), b64(GIF)])).toThrow(expect.objectContaining({ code: 'CLAIM_PHOTO_INVALID', extra: { photo: 1 } }));
    expect(() => decodeClaimPhotos(['not base64 at all!'])).toThrow(expect.objectContaining({ code: 'CLAIM_PHOTO_INVALID' }));
    const big = Buffer.concat([JPEG, Buffer.alloc(CLAIM_PHOTO_MAX_BYTES)]);
    expect(() => decodeClaimPhotos([b64(big)])).toThrow(expect.objectContaining({ code: 'CLAIM_PHOTO_INVALID' }));
    expect(decodeClaimPhotos([b64(Buffer.concat([JPEG, Buffer.alloc(CLAIM_PHOTO_MAX_BYTES - JPEG.length)]))])).toHaveLength(1);
  });
});
