import { PassThrough } from 'node:stream';
import { readRawBody } from './read-raw-body';
import type { IncomingMessage } from 'node:http';

/** A request whose body arrives as the test writes it. */
function requestWith(headers: Record<string, string>): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers }) as unknown as PassThrough & IncomingMessage;
}

describe(readRawBody.name, () => {
  it('gives the body as sent, in its chunks, up to the limit', async () => {
    const req = requestWith({ 'content-length': '6' });
    const read = readRawBody(req, 6);
    req.write('abc');
    req.end('def');
    await expect(read).resolves.toEqual(Buffer.from('abcdef'));
  });

  it('refuses a declared length over the limit without waiting for a byte', async () => {
    const req = requestWith({ 'content-length': String(3 * 1024 * 1024) });
    await expect(readRawBody(req, 2 * 1024 * 1024)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(req.readableLength).toBe(0);
  });

  it('refuses a chunked body as soon as it passes the limit, while the rest is still to come', async () => {
    const req = requestWith({ 'transfer-encoding': 'chunked' });
    const read = readRawBody(req, 10);
    req.write(Buffer.alloc(8));
    req.write(Buffer.alloc(8));
    await expect(read).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(req.writableEnded).toBe(false);
  });

  it('refuses a length that is not a number', async () => {
    await expect(readRawBody(requestWith({ 'content-length': '12abc' }), 100)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
