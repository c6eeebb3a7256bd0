const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The chunks that make the picture (its header, palette, pixels, end), how its colours and
 * transparency are read, its pixel size, and an animated PNG's frames. Every other chunk goes:
 * eXIf (EXIF with GPS), tEXt/zTXt/iTXt (comments, XMP), tIME, and any chunk we do not know.
 */
const KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'sBIT', 'pHYs', 'bKGD', 'acTL', 'fcTL', 'fdAT']);

/**
 * A PNG with only the chunks in KEPT, each copied byte for byte (CRC included), and nothing
 * after IEND. Null when the bytes are not a PNG we can walk from IHDR to IEND: such a file is
 * refused rather than stored half-read.
 */
export function stripPngMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < SIGNATURE.length || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return null;
  const kept: Buffer[] = [SIGNATURE];
  let i = SIGNATURE.length;
  while (i + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    const type = bytes.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return null;
    if (kept.length === 1 && type !== 'IHDR') return null;
    if (KEPT.has(type)) kept.push(bytes.subarray(i, end));
    if (type === 'IEND') return Buffer.concat(kept);
    i = end;
  }
  return null;
}
