import { exifOrientation, orientationOnlyExif } from './exif-orientation';

/** APPn payloads we keep: what the picture looks like (its JFIF header, colour profile, Adobe colour transform). */
const KEPT_APP: Record<number, string> = { 0xe0: 'JFIF\0', 0xe2: 'ICC_PROFILE\0', 0xee: 'Adobe' };
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
const COM = 0xfe;

const isAppOrComment = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === COM;
/** Markers without a length: RSTn and TEM. */
const standsAlone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** Where the entropy-coded data after a scan header ends: the next marker that is not a stuffed byte or a restart. */
function scanEnd(bytes: Buffer, from: number): number {
  for (let i = from; i < bytes.length - 1; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1];
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return i;
  }
  return -1;
}

/**
 * A JPEG without its metadata: every APPn segment but the JFIF header, the ICC colour profile and
 * Adobe's colour transform (so EXIF with GPS and serial numbers, XMP, IPTC/Photoshop, makers'
 * notes, MPF second images), every comment, and anything after the end of the image. The
 * picture's segments and scans are copied byte for byte. Its EXIF orientation survives alone, in
 * a new EXIF of one entry, so a phone's upright photo stays upright. Null when the bytes are not
 * a JPEG we can walk to its end: such a file is refused rather than stored half-read.
 */
export function stripJpegMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const kept: Buffer[] = [];
  let orientation: number | undefined;
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    while (bytes[i + 1] === 0xff) i++; // fill bytes before a marker
    const marker = bytes[i + 1];
    if (marker === undefined) return null;
    if (marker === EOI) return assemble(kept, orientation);
    if (standsAlone(marker)) {
      kept.push(Buffer.from([0xff, marker]));
      i += 2;
      continue;
    }
    if (i + 4 > bytes.length) return null;
    const end = i + 2 + bytes.readUInt16BE(i + 2);
    if (end > bytes.length || end < i + 4) return null;
    const payload = bytes.subarray(i + 4, end);
    if (marker === APP1 && payload.subarray(0, 6).toString('latin1') === 'Exif\0\0') orientation ??= exifOrientation(payload.subarray(6));
    const keep =
      !isAppOrComment(marker) || (KEPT_APP[marker] !== undefined && payload.subarray(0, KEPT_APP[marker].length).toString('latin1') === KEPT_APP[marker]);
    if (keep) kept.push(bytes.subarray(i, end));
    i = end;
    if (marker === SOS) {
      const next = scanEnd(bytes, i);
      if (next < 0) return null;
      kept.push(bytes.subarray(i, next));
      i = next;
    }
  }
  return null;
}

/** SOI, the JFIF header when there is one, the orientation-only EXIF, then the rest, and EOI. */
function assemble(kept: Buffer[], orientation: number | undefined): Buffer {
  const exif = orientation && orientation !== 1 ? [segment(APP1, orientationOnlyExif(orientation))] : [];
  const jfifFirst = kept[0]?.[1] === 0xe0 ? 1 : 0;
  return Buffer.concat([Buffer.from([0xff, SOI]), ...kept.slice(0, jfifFirst), ...exif, ...kept.slice(jfifFirst), Buffer.from([0xff, EOI])]);
}
