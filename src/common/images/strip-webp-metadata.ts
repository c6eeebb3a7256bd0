/** The chunks of a WebP picture: its frames (lossy, lossless, alpha, animation) and its colour profile. EXIF and XMP go. */
const KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X's flags: the file announces EXIF (0x08) and XMP (0x04); both are cleared with their chunks. */
const EXIF_AND_XMP_FLAGS = 0x08 | 0x04;

/**
 * A WebP with only the chunks in KEPT, the VP8X header no longer announcing EXIF or XMP, the
 * RIFF size written anew, and nothing after the RIFF. Null when the bytes are not a RIFF/WEBP
 * container we can walk to its end: such a file is refused rather than stored half-read.
 */
export function stripWebpMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) return null;
  const kept: Buffer[] = [];
  let i = 12;
  while (i < riffEnd) {
    if (i + 8 > riffEnd) return null;
    const fourcc = bytes.toString('latin1', i, i + 4);
    const end = i + 8 + bytes.readUInt32LE(i + 4);
    const padded = end + (end % 2);
    if (end > riffEnd) return null;
    if (KEPT.has(fourcc)) {
      const chunk = Buffer.from(bytes.subarray(i, Math.min(padded, riffEnd)));
      if (fourcc === 'VP8X' && chunk.length > 8) chunk[8] &= ~EXIF_AND_XMP_FLAGS;
      kept.push(chunk, Buffer.alloc(padded - i - chunk.length));
    }
    i = padded;
  }
  if (kept.length === 0) return null;
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), ...kept]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
}
