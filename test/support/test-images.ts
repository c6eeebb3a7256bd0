import { deflateSync } from 'node:zlib';

/**
 * Real, decodable images for photo tests, and the same images as a phone writes them: with the
 * place they were taken (GPS), the device's serial number and other metadata a customer never
 * meant to send us. Built byte by byte here, so the tests say what each segment or chunk holds.
 */

/** The GPS place and serial number the "phone" writes; a stripped image contains neither. */
export const SECRET_PLACE = 'N 33.5091 W 112.0373';
export const SECRET_SERIAL = 'SN-4417-PHONE-0099';

/** A 2×2 grey baseline JPEG (written by jpeg-js), with a JFIF APP0 segment. */
export const JPEG_2X2 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOkoA//Z',
  'base64',
);

/** A 1×1 grey PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

/**
 * An EXIF block as a phone writes it (big-endian TIFF): IFD0 with Orientation, Make and the
 * body serial number, and a GPS IFD whose place is also spelled out as a processing-method text.
 */
export function exifWithGps(orientation = 6): Buffer {
  const text = (s: string) => Buffer.from(`${s}\0`, 'latin1');
  const serial = text(SECRET_SERIAL);
  const place = text(SECRET_PLACE);
  // Layout after the 8-byte TIFF header: IFD0 (3 entries), GPS IFD (2 entries), then the texts.
  const ifd0At = 8;
  const ifd0Size = 2 + 3 * 12 + 4;
  const gpsAt = ifd0At + ifd0Size;
  const gpsSize = 2 + 2 * 12 + 4;
  const serialAt = gpsAt + gpsSize;
  const placeAt = serialAt + serial.length;
  const entry = (tag: number, type: number, count: number, value: Buffer) => Buffer.concat([u16(tag), u16(type), u32(count), value]);
  const ifd0 = Buffer.concat([
    u16(3),
    entry(0x0112, 3, 1, Buffer.concat([u16(orientation), u16(0)])),
    entry(0xa431, 2, serial.length, u32(serialAt)),
    entry(0x8825, 4, 1, u32(gpsAt)),
    u32(0),
  ]);
  const gps = Buffer.concat([u16(2), entry(0x0001, 2, 2, Buffer.from('N\0\0\0', 'latin1')), entry(0x001b, 7, place.length, u32(placeAt)), u32(0)]);
  return Buffer.concat([Buffer.from('MM\0\x2a', 'latin1'), u32(ifd0At), ifd0, gps, serial, place]);
}

const jpegSegment = (marker: number, payload: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16(payload.length + 2), payload]);

/**
 * The JPEG as a phone saves it: EXIF with GPS (APP1), XMP (APP1), IPTC (APP13), a comment, a
 * maker's APP5, and bytes after the end of the image (where some phones append a second image).
 */
export function jpegWithMetadata(jpeg = JPEG_2X2, orientation = 6): Buffer {
  const app1Exif = jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifWithGps(orientation)]));
  const xmp = jpegSegment(
    0xe1,
    Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>${SECRET_PLACE}</exif:GPSLatitude></x:xmpmeta>`, 'latin1'),
  );
  const iptc = jpegSegment(0xed, Buffer.from(`Photoshop 3.0\0 8BIM city ${SECRET_PLACE}`, 'latin1'));
  const comment = jpegSegment(0xfe, Buffer.from(`shot by ${SECRET_SERIAL}`, 'latin1'));
  const maker = jpegSegment(0xe5, Buffer.from(`maker ${SECRET_SERIAL}`, 'latin1'));
  const trailer = Buffer.from(`appended ${SECRET_PLACE}`, 'latin1');
  // SOI, then the phone's segments, then the rest of the real image (its APP0 onwards).
  return Buffer.concat([jpeg.subarray(0, 2), app1Exif, xmp, iptc, comment, maker, jpeg.subarray(2), trailer]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The PNG with an eXIf chunk (GPS), text chunks (tEXt, zTXt, iTXt), a time stamp, and bytes after IEND. */
export function pngWithMetadata(png = PNG_1X1): Buffer {
  const ihdrEnd = 8 + 8 + 13 + 4;
  const chunks = Buffer.concat([
    pngChunk('eXIf', exifWithGps()),
    pngChunk('tEXt', Buffer.from(`Comment\0${SECRET_SERIAL}`, 'latin1')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Location\0\0', 'latin1'), deflateSync(Buffer.from(SECRET_PLACE))])),
    pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${SECRET_PLACE}`, 'latin1')),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 24, 17, 30, 0])),
  ]);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunks, png.subarray(ihdrEnd), Buffer.from(SECRET_SERIAL)]);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(fourcc, 'latin1'), u32le(data.length), data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** A WebP's container around a lossy frame (the frame's bytes are not decoded by the server). */
export function webp(chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...chunks]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

/** A small well-formed WebP: one VP8 frame. */
export const WEBP_PLAIN = webp([riffChunk('VP8 ', Buffer.alloc(10))]);

/** The WebP with a VP8X header announcing EXIF and XMP, and both chunks. */
export function webpWithMetadata(): Buffer {
  const vp8x = Buffer.concat([Buffer.from([0x08 | 0x04, 0, 0, 0]), Buffer.from([0, 0, 0, 0, 0, 0])]);
  return webp([
    riffChunk('VP8X', vp8x),
    riffChunk('VP8 ', Buffer.alloc(10)),
    riffChunk('EXIF', exifWithGps()),
    riffChunk('XMP ', Buffer.from(`<x:xmpmeta>${SECRET_PLACE}</x:xmpmeta>`, 'latin1')),
  ]);
}

/** Whether any of the phone's secrets is still in the bytes. */
export function carriesSecrets(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  return text.includes(SECRET_PLACE) || text.includes(SECRET_SERIAL) || text.includes('eXIf');
}
