import { execFile } from 'node:child_process';

// pdf.js loads its worker with a dynamic import, which jest's module sandbox does not allow:
// the text is read in a plain Node process instead.
const SCRIPT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const result = await new PDFParse({ data: Buffer.concat(chunks) }).getText();
  process.stdout.write(result.text);
});`;

/**
 * The text of a PDF as a reader reads it: its words with one space between them. Where a line
 * breaks depends on what fills it (a date, a time of day, a name), so a test that matched the
 * extracted line breaks passed or failed with the clock (reinstatement's lapse, CI 35).
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await extractedText(pdf)).replace(/\s+/g, ' ').trim();
}

function extractedText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', SCRIPT], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(new Error(`The PDF could not be read: ${error.message}`, { cause: error })) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}
