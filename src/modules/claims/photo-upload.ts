import { declaresMoreThan, readRawBody } from '../../common/http/read-raw-body';
import type { Request } from 'express';

/**
 * A photo sent as the request's raw body (Content-Type: image/…), not yet read: the service
 * checks who asks, the claim and the limits first, then reads it (at most `limit` bytes).
 */
export interface PhotoUpload {
  contentType: string | undefined;
  declaresMoreThan(limit: number): boolean;
  read(limit: number): Promise<Buffer>;
}

export function photoUploadOf(req: Request): PhotoUpload {
  return {
    contentType: req.headers['content-type'],
    declaresMoreThan: (limit) => declaresMoreThan(req, limit),
    read: (limit) => readRawBody(req, limit),
  };
}
