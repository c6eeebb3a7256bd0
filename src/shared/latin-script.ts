/**
 * What our documents can print. Names and addresses on US driver's licences and policy documents
 * are written in Latin script, so the forms take Latin letters with every accent and the Latin
 * Extended letters (Spanish, Vietnamese, Polish, Nordic, Turkish… names) and refuse other scripts
 * at the field. The documents' font (Noto Sans, see modules/documents/document-fonts) covers every
 * letter accepted here; a spec checks it glyph by glyph.
 */

/** The Latin letters we accept: Basic Latin, Latin-1, Latin Extended-A and -B, Latin Extended Additional. */
export const LATIN_LETTER_RANGES: readonly (readonly [number, number])[] = [
  [0x41, 0x5a],
  [0x61, 0x7a],
  [0xaa, 0xaa],
  [0xba, 0xba],
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x24f],
  [0x1e00, 0x1eff],
];

/** Combining accents (a decomposed "é" or Vietnamese "ễ"), composed before they are kept. */
export const LATIN_MARK_RANGE = [0x300, 0x36f] as const;

const within = (code: number, [from, to]: readonly [number, number]) => code >= from && code <= to;

/**
 * True when every letter, mark and digit of `value` is one we print: Latin letters, combining
 * accents, and 0-9 (a digit of another script, such as Arabic-Indic "٣", is refused too).
 * Punctuation and spaces are left to each field's own rule.
 */
export function isLatinScript(value: string): boolean {
  for (const char of value.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (/\p{L}/u.test(char) && !LATIN_LETTER_RANGES.some((range) => within(code, range))) return false;
    if (/\p{M}/u.test(char) && !within(code, LATIN_MARK_RANGE)) return false;
    if (/\p{N}/u.test(char) && !(code >= 0x30 && code <= 0x39)) return false;
  }
  return true;
}
