import { LATIN_LETTER_RANGES, LATIN_MARK_RANGE } from '../../shared/latin-script';

/**
 * The characters our documents print faithfully: the letters the forms accept, plus the digits,
 * punctuation and symbols of Basic Latin, Latin-1 and General Punctuation, and €. The document font
 * has a glyph for each (document-fonts.spec checks it); none needs right-to-left ordering or shaping.
 */
export const PRINTABLE_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  ...LATIN_LETTER_RANGES,
  LATIN_MARK_RANGE,
  [0x2010, 0x2027],
  [0x2030, 0x203a],
  [0x20ac, 0x20ac],
];

export function isPrintable(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (!PRINTABLE_RANGES.some(([from, to]) => code >= from && code <= to)) return false;
  }
  return true;
}

/**
 * A saved value as the document prints it: composed (a decomposed "é" becomes one glyph), or
 * `fallback` whole when any character is outside what we print — a name saved in Arabic before the
 * forms took Latin script only, a staff name, an emoji in an old address. A document shows a
 * plain notice instead of reversed or missing letters; the account pages still show the value.
 */
export function printable(value: string, fallback: string): string {
  const composed = value.normalize('NFC');
  return isPrintable(composed) ? composed : fallback;
}
