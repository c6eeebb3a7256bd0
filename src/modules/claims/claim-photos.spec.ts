import { JPEG_2X2, PNG_1X1, WEBP_PLAIN, carriesSecrets, jpegWithMetadata, pngWithMetadata } from '../../../test/support/test-images';
import { CLAIM_PHOTO_MAX_BYTES } from '../../shared/claims/claim-model';
import { claimPhotoOf, isClaimPhotoType } from './claim-photos';

const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');

describe('Claim photos', () => {
  it.each([
    ['a JPEG', JPEG_2X2, 'image/jpeg'],
    ['a PNG', PNG_1X1, 'image/png'],
    ['a WebP', WEBP_PLAIN, 'image/webp'],
  ])('take %s, known by its bytes', (_name, bytes, type) => {
    expect(claimPhotoOf(bytes).contentType).toBe(type);
  });

  it('keep no GPS position nor device serial of a phone’s JPEG or PNG', () => {
    for (const phone of [jpegWithMetadata(), pngWithMetadata()]) {
      expect(carriesSecrets(phone)).toBe(true);
      expect(carriesSecrets(claimPhotoOf(phone).bytes)).toBe(false);
    }
  });

  it.each([
    ['a GIF', GIF],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
    ['HTML', Buffer.from('<svg onload=alert(1)>')],
    ['a RIFF that is no WebP (a WAV)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])],
    ['nothing', Buffer.alloc(0)],
    ['a JPEG over 2 MB', Buffer.concat([JPEG_2X2.subarray(0, JPEG_2X2.length - 2), Buffer.alloc(CLAIM_PHOTO_MAX_BYTES), JPEG_2X2.subarray(-2)])],
  ])('refuse %s', (_name, bytes) => {
    expect(() => claimPhotoOf(bytes)).toThrow(expect.objectContaining({ code: 'CLAIM_PHOTO_INVALID' }));
  });

  it('know the declared types they take, before reading a byte', () => {
    expect(['image/jpeg', 'image/png', 'IMAGE/WEBP', 'image/jpeg; charset=binary'].map(isClaimPhotoType)).toEqual([true, true, true, true]);
    expect(['image/gif', 'application/json', 'multipart/form-data; boundary=x', undefined].map(isClaimPhotoType)).toEqual([false, false, false, false]);
  });
});
