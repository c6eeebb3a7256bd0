import { freshCspNonce } from '../security/csp-nonce';
import type { ApiSuccess } from '../../shared/api/envelope';
import type { SecurityHeaderTemplate } from '../security/security-header-template';
import type { ServerResponse } from 'node:http';

/**
 * A door's 200 with the API's envelope around `payload`, as the application answers it: the
 * security headers from their template (under a fresh nonce), JSON, its length. Compression and
 * no-store are the pipeline's stages the door ran before.
 */
export function answerJsonFromDoor(res: ServerResponse, security: SecurityHeaderTemplate, payload: unknown): void {
  const answer: ApiSuccess<unknown> = { success: true, payload };
  const bytes = Buffer.from(JSON.stringify(answer));
  const headers = security.fill(freshCspNonce());
  headers['content-type'] = 'application/json; charset=utf-8';
  for (const name in headers) res.setHeader(name, headers[name]);
  res.setHeader('Content-Length', bytes.length);
  res.statusCode = 200;
  res.end(bytes);
}
