import PDFDocument from 'pdfkit';

/**
 * Two libraries load code on first use, so the first request that needed it paid for reading
 * and compiling it (`wrapSafe` in a profile under load): body-parser's character sets (iconv-lite,
 * on the first JSON body) and pdfkit's standard font (on the first PDF). Both are loaded here,
 * at start, instead.
 */
export function loadLazyModules(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const iconv = require(require.resolve('iconv-lite', { paths: [require.resolve('body-parser')] })) as { getCodec(name: string): unknown };
  iconv.getCodec('utf-8');
  new PDFDocument({ autoFirstPage: false }).end();
}
