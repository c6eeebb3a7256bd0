import { JPEG_2X2, PNG_1X1, WEBP_PLAIN, carriesSecrets, jpegWithMetadata, pngWithMetadata, webp, webpWithMetadata } from '../../../test/support/test-images';
import { exifOrientation } from './exif-orientation';
import { cleanPhoto, sniffImage } from './strip-image-metadata';

const ALL = ['image/jpeg', 'image/png', 'image/webp'] as const;
const sut = (bytes: Buffer) => cleanPhoto(bytes, ALL);

/** The JPEG's segments by marker, in order (up to the first scan). */
function jpegMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  for (let i = 2; i < bytes.length && bytes[i + 1] !== 0xda; i += 2 + bytes.readUInt16BE(i + 2)) markers.push(bytes[i + 1]);
  return markers;
}

describe(cleanPhoto.name, () => {
  it('gives back exactly the camera’s picture of a JPEG with GPS EXIF, XMP, IPTC, a comment, a maker’s segment and a trailer', () => {
    const phone = jpegWithMetadata(JPEG_2X2, 1);
    expect(carriesSecrets(phone)).toBe(true);
    const cleaned = sut(phone)!;
    expect(cleaned.contentType).toBe('image/jpeg');
    expect(cleaned.bytes.equals(JPEG_2X2)).toBe(true);
  });

  it('keeps a phone photo upright: its orientation alone survives, in an EXIF of one entry after the JFIF header', () => {
    const cleaned = sut(jpegWithMetadata(JPEG_2X2, 6))!.bytes;
    expect(carriesSecrets(cleaned)).toBe(false);
    expect(jpegMarkers(cleaned).slice(0, 3)).toEqual([0xe0, 0xe1, 0xdb]);
    const app1At = 2 + 2 + cleaned.readUInt16BE(4);
    const app1 = cleaned.subarray(app1At + 4, app1At + 2 + cleaned.readUInt16BE(app1At + 2));
    expect(app1.subarray(0, 6).toString('latin1')).toBe('Exif\0\0');
    expect(exifOrientation(app1.subarray(6))).toBe(6);
    expect(app1.subarray(6).readUInt16BE(8)).toBe(1);
    // Without the orientation segment, the rest is the camera's picture, byte for byte.
    expect(Buffer.concat([cleaned.subarray(0, app1At), cleaned.subarray(app1At + 2 + cleaned.readUInt16BE(app1At + 2))]).equals(JPEG_2X2)).toBe(true);
  });

  it('gives back exactly the PNG without its eXIf, text and time chunks, nor what follows IEND', () => {
    const phone = pngWithMetadata(PNG_1X1);
    expect(carriesSecrets(phone)).toBe(true);
    const cleaned = sut(phone)!;
    expect(cleaned.contentType).toBe('image/png');
    expect(cleaned.bytes.equals(PNG_1X1)).toBe(true);
  });

  it('drops a WebP’s EXIF and XMP chunks and the flags announcing them', () => {
    const phone = webpWithMetadata();
    expect(carriesSecrets(phone)).toBe(true);
    const cleaned = sut(phone)!.bytes;
    expect(carriesSecrets(cleaned)).toBe(false);
    expect(cleaned.toString('latin1')).not.toMatch(/EXIF|XMP /);
    expect(cleaned.readUInt32LE(4)).toBe(cleaned.length - 8);
    expect(cleaned[20] & 0x0c).toBe(0);
    expect(sut(WEBP_PLAIN)!.bytes.equals(WEBP_PLAIN)).toBe(true);
  });

  it.each([
    ['a JPEG cut short in its scan', JPEG_2X2.subarray(0, JPEG_2X2.length - 40)],
    ['a JPEG whose segment runs past the end', Buffer.from('ffd8ffe1ffff4578', 'hex')],
    ['a JPEG with garbage between segments', Buffer.concat([JPEG_2X2.subarray(0, 2), Buffer.from('not a marker'), JPEG_2X2.subarray(2)])],
    ['a PNG without IEND', PNG_1X1.subarray(0, PNG_1X1.length - 12)],
    ['a PNG whose first chunk is not IHDR', Buffer.concat([PNG_1X1.subarray(0, 8), PNG_1X1.subarray(33)])],
    ['a WebP whose RIFF claims more than was sent', Buffer.concat([WEBP_PLAIN.subarray(0, 4), Buffer.from([0xff, 0, 0, 0]), WEBP_PLAIN.subarray(8)])],
    ['a WebP with no picture chunk', webp([])],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
  ])('refuses %s rather than keep it half read', (_what, bytes) => {
    expect(sut(bytes)).toBeNull();
  });

  it('takes only the types it is given', () => {
    expect(cleanPhoto(WEBP_PLAIN, ['image/jpeg', 'image/png'])).toBeNull();
    expect(sniffImage(WEBP_PLAIN)).toBe('image/webp');
  });
});
