import { readPdf } from './pdf-reader';

/**
 * The text of a PDF as a reader reads it: its words with one space between them. Where a line
 * breaks depends on what fills it (a date, a time of day, a name), so a test that matched the
 * extracted line breaks passed or failed with the clock (reinstatement's lapse, CI 35).
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await readPdf('text', pdf)).replace(/\s+/g, ' ').trim();
}
