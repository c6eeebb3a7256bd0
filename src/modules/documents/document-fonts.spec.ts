import { LATIN_LETTER_RANGES, isLatinScript } from '../../shared/latin-script';
import { documentFonts } from './document-fonts';
import { PRINTABLE_RANGES, isPrintable } from './printable-text';

const assigned = (code: number) => !/\p{Cn}|\p{Cc}/u.test(String.fromCodePoint(code));

describe("The documents' font", () => {
  // fontkit is the font reader pdfkit itself uses: asking it is asking what pdfkit can draw.
  it.each(['regular', 'bold'] as const)('has a glyph in its %s weight for every character a document prints', (weight) => {
    const font = documentFonts()[weight];
    const missing: string[] = [];
    for (const [from, to] of PRINTABLE_RANGES) {
      for (let code = from; code <= to; code++) if (assigned(code) && !font.hasGlyphForCodePoint(code)) missing.push(code.toString(16));
    }
    expect(missing).toEqual([]);
  });

  it('prints every letter the forms accept', () => {
    for (const [from, to] of LATIN_LETTER_RANGES) {
      for (let code = from; code <= to; code++) {
        const char = String.fromCodePoint(code);
        if (assigned(code) && isLatinScript(char)) expect([char, isPrintable(char)]).toEqual([char, true]);
      }
    }
  });
});
