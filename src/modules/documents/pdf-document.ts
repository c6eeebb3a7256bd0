import PDFDocument from 'pdfkit';
import { FONT, keepLettersWhole, useDocumentFonts } from './document-fonts';
import type { Locale } from '../../shared/locale';

/**
 * The documents' kit: colours, a page's masthead and headings, and one way to render a PDF, for
 * every document the site prints (the policy's ID card and declarations, billing's statements,
 * payment history's receipts). Each owner draws its own document with these.
 *
 * Every document is a tagged PDF (issue 29): a screen reader reads it in order, in its language,
 * under its title. Whatever is drawn goes through this kit's tags (`heading`, `paragraph`, `table`,
 * `tableRow`, `tableCell`, `list`, `listItem`, `artifact`): pdfkit leaves a bare `doc.text()` outside the
 * structure, where a reader either skips it or reads it out of order.
 */
export const BRAND = '#3632c0';
export const INK = '#16142b';
export const SOFT = '#4a4863';

/** The structure elements open while a document is drawn: the innermost receives what is tagged next. */
const openElements = new WeakMap<PDFKit.PDFDocument, PDFKit.PDFStructureElement[]>();

function openElement(doc: PDFKit.PDFDocument): PDFKit.PDFStructureElement {
  const open = openElements.get(doc);
  if (!open?.length) throw new Error('Tagged content is drawn only inside render()');
  return open[open.length - 1];
}

/** What a document is called and in which language it is written: the viewer's title bar and the screen reader's voice. */
export interface DocumentTitle {
  title: string;
  locale: Locale;
}

/** A PDF written by `draw`, as bytes: tagged, in the document's language, its title shown rather than its file name. */
export function render({ title, locale }: DocumentTitle, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 54,
      // 1.7: the version whose structure (and /Lang, /DisplayDocTitle) PDF/UA-1 is written against.
      pdfVersion: '1.7',
      tagged: true,
      lang: locale,
      displayTitle: true,
      info: { Title: title, Author: 'Meterly', Creator: 'Meterly' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    useDocumentFonts(doc);
    keepLettersWhole(doc);
    const root = doc.struct('Document');
    doc.addStructure(root);
    openElements.set(doc, [root]);
    draw(doc);
    openElements.delete(doc);
    root.end();
    doc.end();
  });
}

/**
 * What `draw` puts on the page, as one structure element of `type` (P, H1, H2, TH, TD, LBody…) in
 * the open group: its text is read as one piece, where it comes in the drawing order.
 */
export function tag(doc: PDFKit.PDFDocument, type: string, draw: () => void, options: PDFKit.Mixins.StructureElementOptions = {}): void {
  openElement(doc).add(doc.struct(type, options, draw));
}

/** A group of tagged parts (Table, TR, L, LI, Sect): what `draw` tags inside it is its children. */
export function group(doc: PDFKit.PDFDocument, type: string, draw: () => void, options: PDFKit.Mixins.StructureElementOptions = {}): void {
  const element = doc.struct(type, options);
  openElement(doc).add(element);
  const open = openElements.get(doc)!;
  open.push(element);
  try {
    draw();
  } finally {
    open.pop();
    element.end();
  }
}

/** Decoration (a rule, a card's frame, the brand's name drawn as a letterhead): drawn, but not read. */
export function artifact(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.markContent('Artifact', { type: 'Layout' });
  draw();
  doc.endMarkedContent();
}

/** A paragraph: `text` in the current font, or whatever `draw` writes as one. */
export function paragraph(doc: PDFKit.PDFDocument, text: string | (() => void), options?: PDFKit.Mixins.TextOptions): void {
  tag(doc, 'P', typeof text === 'string' ? () => doc.text(text, options) : text);
}

/** A table's parts: `table` holds `tableRow`s, a row holds `tableCell`s; a header cell (TH) names its row. */
export function table(doc: PDFKit.PDFDocument, draw: () => void): void {
  group(doc, 'Table', draw);
}

export function tableRow(doc: PDFKit.PDFDocument, draw: () => void): void {
  group(doc, 'TR', draw);
}

export function tableCell(doc: PDFKit.PDFDocument, kind: 'TH' | 'TD', draw: () => void): void {
  // pdfkit writes /Scope into the element's Table attributes; its types do not list the option.
  tag(doc, kind, draw, (kind === 'TH' ? { scope: 'Row' } : {}) as PDFKit.Mixins.StructureElementOptions);
}

/** A list (L) of items (LI), each item's text its body (LBody). */
export function list(doc: PDFKit.PDFDocument, draw: () => void): void {
  group(doc, 'L', draw);
}

export function listItem(doc: PDFKit.PDFDocument, text: string | (() => void), options?: PDFKit.Mixins.TextOptions): void {
  group(doc, 'LI', () => tag(doc, 'LBody', typeof text === 'string' ? () => doc.text(text, options) : text));
}

/** A section's heading (H2), in the brand's colour; the text after it in the body's font. */
export function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.x = doc.page.margins.left;
  doc.moveDown(0.8).font(FONT.bold).fontSize(12).fillColor(BRAND);
  tag(doc, 'H2', () => doc.text(text));
  doc.moveDown(0.3).font(FONT.regular).fontSize(10).fillColor(INK);
}

/**
 * A full page's top: the brand, the document's title (its H1), and the line that says which one
 * it is. The brand's name is a letterhead, drawn not read: the document's end names the agency
 * and the insurer in words.
 */
export function masthead(doc: PDFKit.PDFDocument, title: string, subtitle: string): void {
  artifact(doc, () => doc.font(FONT.bold).fontSize(18).fillColor(BRAND).text('Meterly'));
  doc.font(FONT.bold).fontSize(15).fillColor(INK);
  tag(doc, 'H1', () => doc.text(title));
  doc.font(FONT.regular).fontSize(10).fillColor(SOFT);
  paragraph(doc, subtitle);
}
