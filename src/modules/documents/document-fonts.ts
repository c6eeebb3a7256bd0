import { readFileSync } from 'node:fs';

/**
 * The documents' typeface: Noto Sans, regular and bold, embedded in every PDF. pdfkit's built-in
 * Helvetica is WinAnsi only, so "Łukasz Nguyễn" printed as garbage; Noto Sans covers every letter
 * the forms accept (src/shared/latin-script.ts) and pdfkit embeds only the glyphs a document uses.
 * The files come from the npm package @expo-google-fonts/noto-sans (SIL Open Font License 1.1,
 * which allows embedding), pinned so a document's glyphs never change under us.
 */
export const FONT = { regular: 'Meterly-Regular', bold: 'Meterly-Bold' } as const;

export const FONT_FILES: Record<keyof typeof FONT, string> = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

/** What we use of a font read by fontkit, the reader pdfkit itself uses (it ships no types). */
export interface FontkitFont {
  layout(text: string): unknown;
  hasGlyphForCodePoint(codePoint: number): boolean;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require('fontkit') as { create(data: Buffer): FontkitFont };

let parsed: Record<keyof typeof FONT, FontkitFont> | undefined;

/**
 * The two fonts, read and parsed once per process: a font's first layout reads its OpenType
 * tables, which costs far more than the rest of a document, so every document shares them
 * (layout is a pure function of the text; each document keeps its own subset of glyphs).
 */
export function documentFonts(): Record<keyof typeof FONT, FontkitFont> {
  parsed ??= { regular: fontkit.create(readFileSync(FONT_FILES.regular)), bold: fontkit.create(readFileSync(FONT_FILES.bold)) };
  return parsed;
}

/**
 * Registers the typeface on a new document and makes its regular weight current. The document's
 * default Helvetica is then never used, and pdfkit writes no font it did not use.
 */
export function useDocumentFonts(doc: PDFKit.PDFDocument): void {
  const fonts = documentFonts();
  // pdfkit (0.20) takes a fontkit font object as a source; its types only list bytes and paths.
  doc
    .registerFont(FONT.regular, fonts.regular as unknown as Buffer, FONT.regular)
    .registerFont(FONT.bold, fonts.bold as unknown as Buffer, FONT.bold)
    .font(FONT.regular);
}

/**
 * Noto Sans sets lines 1.36 em apart where Helvetica set them 1.16 em: where a block must fit a
 * fixed box (the ID card's two-line note above the "not yet in force" line), 2 points less
 * between its lines keeps it where Helvetica had it.
 */
export const TIGHT_LINES = -2;

/**
 * fontkit's default "ccmp" feature splits some accented letters (Vietnamese "ị", "ọ") into a base
 * letter and a combining dot; pdfkit then maps the pair back to "i" alone, so the letter looks
 * right but copies, searches and reads aloud wrong. Our text is composed (NFC) and the font has
 * every composed letter, so the split is not needed: every text() of the document turns it off.
 */
const LETTERS_WHOLE = { features: { ccmp: false } } as unknown as PDFKit.Mixins.TextOptions;

export function keepLettersWhole(doc: PDFKit.PDFDocument): void {
  const text = doc.text.bind(doc) as (
    text: string,
    x?: number | PDFKit.Mixins.TextOptions,
    y?: number,
    options?: PDFKit.Mixins.TextOptions,
  ) => PDFKit.PDFDocument;
  // pdfkit reads text(str, options) and text(str, x, y, options); an undefined x must not be passed on.
  doc.text = (value: string, x?: number | PDFKit.Mixins.TextOptions, y?: number, options?: PDFKit.Mixins.TextOptions) =>
    x === undefined || typeof x === 'object' ? text(value, { ...LETTERS_WHOLE, ...x }) : text(value, x, y, { ...LETTERS_WHOLE, ...options });
}
