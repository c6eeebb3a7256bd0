import type { Response } from 'express';

/**
 * A file the browser saves (a PDF, a CSV): 200, its type, an attachment named in plain ASCII (a
 * header cannot carry more), and never kept by a cache, since it is someone's own document.
 */
export function sendDownload(res: Response, file: { body: Buffer | string; type: string; fileName: string }): void {
  res
    .status(200)
    .type(file.type)
    .setHeader('Content-Disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '')}"`)
    .setHeader('Cache-Control', 'private, no-store')
    .send(file.body);
}
