import { request } from 'node:http';

export interface EarlyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { success: boolean; error?: { code: string; message: string } };
}

/** Long enough for a loaded machine to answer; a server that waits for the rest of the body never does. */
const HANG_MS = 30_000;

/**
 * Sends a request's headers with a Content-Length of `declaredBytes` and only the first bytes
 * of that body, never the rest, and resolves with the answer. An answer proves the server
 * decided without reading the body; a server that reads it first waits for bytes that never
 * come, and this rejects saying so.
 */
export function answerBeforeBody(
  baseUrl: string,
  path: string,
  options: { declaredBytes: number; headers?: Record<string, string>; firstBytes?: Buffer | string },
): Promise<EarlyAnswer> {
  const first = Buffer.from(options.firstBytes ?? '{"policyId":"');
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...options.headers, 'Content-Length': String(options.declaredBytes) },
    });
    const hang = setTimeout(() => {
      req.destroy();
      reject(new Error(`POST ${path}: no answer while the body was incomplete (the server is waiting to read all ${options.declaredBytes} bytes)`));
    }, HANG_MS);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(hang);
        req.destroy();
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text || '{}') as EarlyAnswer['body'] });
      });
    });
    // The server may close the connection once it has answered: that is not a failure of the test.
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.write(first);
  });
}
