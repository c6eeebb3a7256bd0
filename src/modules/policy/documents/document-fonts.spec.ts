// fontkit is the font reader pdfkit itself uses: asking it is asking what pdfkit can draw.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require('fontkit') as { openSync(path: string): { hasGlyphForCodePoint(code: number): boolean } };
import { LATIN_LETTER_RANGES, isLatinScript } from '../../../shared/latin-script';
import { FONT } from './document-fonts';
import { PRINTABLE_RANGES, isPrintable } from './printable-text';

const assigned = (code: number) => !/\p{Cn}|\p{Cc}/u.test(String.fromCodePoint(code));

describe('The documents\' font', () => {
  it.each(Object.entries(FONT))('has a glyph in its %s weight for every character a document prints', (_weight, file) => {
    const font = fontkit.openSync(file);
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
