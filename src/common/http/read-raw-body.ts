import { HttpStatus } from '@nestjs/common';
import { DomainException } from '../errors/domain-exception';
import type { IncomingMessage } from 'node:http';

const tooLarge = (limit: number) =>
  new DomainException('PAYLOAD_TOO_LARGE', `The request body is too large (at most ${limit} bytes).`, HttpStatus.PAYLOAD_TOO_LARGE);

/** Whether the request declares a body over `limit` bytes: refused before a byte is read. */
export function declaresMoreThan(req: IncomingMessage, limit: number): boolean {
  const length = req.headers['content-length'];
  return length !== undefined && (!/^\d+$/.test(length) || Number(length) > limit);
}

/**
 * A request's body as raw bytes, at most `limit` of them: a declared length over it is refused
 * at once, unread; a body that turns out longer is refused as soon as it passes the limit (413),
 * never held whole. For handlers marked @StreamedBody, called once they have checked who asks.
 */
export function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (declaresMoreThan(req, limit)) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', done).off('aborted', onAborted);
      if (error) {
        // Stop taking bytes: the answer closes the connection (jsonBodies set Connection: close for large bodies).
        req.pause();
        reject(error);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return done(tooLarge(limit));
      chunks.push(chunk);
    };
    const onEnd = () => done();
    const onAborted = () => done(new DomainException('BAD_REQUEST', 'The request body was not sent in full.', HttpStatus.BAD_REQUEST));
    req.on('data', onData).on('end', onEnd).on('error', done).on('aborted', onAborted);
  });
}
