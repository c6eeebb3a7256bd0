import express from 'express';
import { DomainException } from '../common/errors/domain-exception';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/validation/json-depth';
import type { ApiErrorCode } from '../shared/api/error-codes';
import type { Request, RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';

const BODY_ERRORS: Record<string, [number, ApiErrorCode, string]> = {
  'entity.parse.failed': [400, 'BAD_REQUEST', 'The request body is not valid JSON.'],
  'entity.too.large': [413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  'encoding.unsupported': [415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body has an encoding we do not accept.'],
  'entity.too.deep': [400, 'BAD_REQUEST', `The request body nests objects or arrays more than ${MAX_JSON_DEPTH} deep.`],
  'charset.unsupported': [415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body has a character set we do not accept.'],
};

/**
 * Signed webhooks: their handler checks the signature over the exact bytes (kept as
 * `req.rawBody`, Nest's RawBodyRequest), and a gateway's event may be larger than our own calls.
 */
const WEBHOOK_PATHS = new Set(['/api/payments/stripe/webhook']);

/**
 * Miles: the app's batches of trips, and odometer readings or disputed days with a photo
 * (base64), are larger than a form's answers.
 */
const MILES_PATHS = [/^\/api\/mobile\/(trips|odometer)$/, /^\/api\/policies\/[^/]+\/(odometer|miles\/disputes)$/];

/** A claim's report: up to 5 photos of 2 MB each, in base64 (shared/claims/claim-model.ts). */
const CLAIM_PATH = '/api/claims';

/** Refuses, before it is parsed, a body nested deeper than any of ours (a stack overflow in validation). */
function notTooDeep(raw: Buffer): void {
  if (nestsDeeperThan(raw)) throw Object.assign(new Error('JSON nested too deeply'), { type: 'entity.too.deep' });
}

/** A JSON parser with the depth check, for bodies up to `limit`. */
const jsonUpTo = (limit: string) => express.json({ limit, verify: (_req, _res, raw) => notTooDeep(raw) });

/** Our own calls' bodies: a form's answers. */
const parseForm = jsonUpTo('32kb');

/** Where a body read in front of the application left its parser's error, for jsonBodies to answer. */
const READ_EARLIER = Symbol('json body read earlier');
type ReadEarlier = IncomingMessage & { [READ_EARLIER]?: { type?: string } };

/**
 * Reads a call's JSON body as jsonBodies would, for a door in front of the application (the
 * estimate's, issue 17): the body, or undefined when it could not be read. A request the door
 * then hands to the application finds its body read, or its error kept, and is answered the same.
 */
export function readJsonBodyEarly(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  return new Promise((resolve) =>
    parseForm(req, res, (err?: { type?: string }) => {
      if (err) (req as ReadEarlier)[READ_EARLIER] = err;
      resolve(err ? undefined : (req as Request).body);
    }),
  );
}

/** JSON bodies up to 32 kB, nested at most MAX_JSON_DEPTH; a body that cannot be read gets a clear message, not the parser's. */
export function jsonBodies(): RequestHandler {
  const parseMiles = jsonUpTo('3mb');
  const parseClaim = jsonUpTo('14mb');
  const parseWebhook = express.json({
    limit: '512kb',
    verify: (req, _res, raw) => {
      notTooDeep(raw);
      (req as { rawBody?: Buffer }).rawBody = raw;
    },
  });
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const parser = WEBHOOK_PATHS.has(req.path)
      ? parseWebhook
      : req.path === CLAIM_PATH
        ? parseClaim
        : MILES_PATHS.some((path) => path.test(req.path))
          ? parseMiles
          : parseForm;
    const earlier = (req as ReadEarlier)[READ_EARLIER];
    const answer = (err?: { type?: string }) => {
      if (!err) return next();
      const [status, code, message] = BODY_ERRORS[err.type ?? ''] ?? [400, 'BAD_REQUEST', 'The request body could not be read.'];
      next(new DomainException(code, message, status));
    };
    // Read already (and then its body is on the request): its parser's answer stands.
    if (earlier) return answer(earlier);
    parser(req, res, answer);
  };
}
