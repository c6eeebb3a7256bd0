import PDFDocument from 'pdfkit';
import { FONT, keepLettersWhole, useDocumentFonts } from './document-fonts';

/**
 * The documents' kit: colours, a page's masthead and headings, and one way to render a PDF, for
 * every document the site prints (the policy's ID card and declarations, billing's statements,
 * payment history's receipts). Each owner draws its own document with these.
 */
export const BRAND = '#3632c0';
export const INK = '#16142b';
export const SOFT = '#4a4863';

/** A PDF written by `draw`, as bytes. */
export function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: title, Author: 'Meterly', Creator: 'Meterly' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    useDocumentFonts(doc);
    keepLettersWhole(doc);
    draw(doc);
    doc.end();
  });
}

export function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.x = doc.page.margins.left;
  doc.moveDown(0.8).font(FONT.bold).fontSize(12).fillColor(BRAND).text(text).moveDown(0.3).font(FONT.regular).fontSize(10).fillColor(INK);
}

/** A full page's top: the brand, the document's title, and the line that says which one it is. */
export function masthead(doc: PDFKit.PDFDocument, title: string, subtitle: string): void {
  doc.font(FONT.bold).fontSize(18).fillColor(BRAND).text('Meterly');
  doc.font(FONT.bold).fontSize(15).fillColor(INK).text(title);
  doc.font(FONT.regular).fontSize(10).fillColor(SOFT).text(subtitle);
}
