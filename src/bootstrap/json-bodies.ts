import express from 'express';
import { DomainException } from '../common/errors/domain-exception';
import { declaresMoreThan } from '../common/http/read-raw-body';
import { FORM_POST_PATHS } from '../common/security/csrf.middleware';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../common/validation/json-depth';
import { refuseControlCharactersIn } from '../common/validation/refuse-control-characters.middleware';
import type { ApiErrorCode } from '../shared/api/error-codes';
import type { Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';

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
 * The largest body read before the route's guards have run: a form's answers. A body declared
 * larger, or of unknown length (chunked), is left unread until the guards let the caller in
 * (BodyAfterGuardsInterceptor): an anonymous caller, or one past a limit the guards check, is
 * answered without a byte of it read. Routes that take more say so on the handler
 * (@LargeJsonBody, @StreamedBody in common/http/body-rules.decorator.ts).
 */
export const FORM_BODY_LIMIT = 32 * 1024;

/** Refuses, before it is parsed, a body nested deeper than any of ours (a stack overflow in validation). */
function notTooDeep(raw: Buffer): void {
  if (nestsDeeperThan(raw)) throw Object.assign(new Error('JSON nested too deeply'), { type: 'entity.too.deep' });
}

/** A JSON parser with the depth check, for bodies up to `limit` (bytes, or an express size: '512kb'). */
const jsonUpTo = (limit: number | string) => express.json({ limit, verify: (_req, _res, raw) => notTooDeep(raw) });

/** Our own calls' bodies: a form's answers. */
const parseForm = jsonUpTo(FORM_BODY_LIMIT);

/**
 * A page's plain HTML form (FORM_POST_PATHS): flat name=value pairs only, a few of them; the
 * forgery check (csrf.middleware.ts) lets such a body through only from our own page.
 */
const parseUrlencoded = express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT, parameterLimit: 20 });

/** Marks a request whose body jsonBodies left unread, for after the guards. */
const AFTER_GUARDS = Symbol('body read after the guards');
type LeftUnread = IncomingMessage & { [AFTER_GUARDS]?: true };

/** The request's path, without its query (Express's req.path, on the bare Node request too). */
function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Whether the body is declared no larger than a form's: read in front of the application. */
function declaredSmall(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length === undefined) return req.headers['transfer-encoding'] === undefined;
  return /^\d+$/.test(length) && Number(length) <= FORM_BODY_LIMIT;
}

/** Whether jsonBodies left this request's body unread for after its route's guards. */
export function bodyLeftForAfterGuards(req: IncomingMessage): boolean {
  return (req as LeftUnread)[AFTER_GUARDS] === true;
}

/** A parser's error as our envelope's error. */
function bodyError(err: { type?: string }): DomainException {
  const [status, code, message] = BODY_ERRORS[err.type ?? ''] ?? [400, 'BAD_REQUEST', 'The request body could not be read.'];
  return new DomainException(code, message, status);
}

const afterGuardParsers = new Map<number, ReturnType<typeof jsonUpTo>>();

/**
 * Reads a body jsonBodies left unread, once the route's guards have let the caller in: JSON up
 * to `limit` bytes, checked for control characters as every body is
 * (refuse-control-characters.middleware.ts). A declared length over the limit is refused here,
 * unread: the parser would first read the whole body off the connection to answer.
 */
export function readBodyAfterGuards(req: Request, res: Response, limit: number): Promise<void> {
  (req as LeftUnread)[AFTER_GUARDS] = undefined;
  if (declaresMoreThan(req, limit)) return Promise.reject(bodyError({ type: 'entity.too.large' }));
  let parse = afterGuardParsers.get(limit);
  if (!parse) afterGuardParsers.set(limit, (parse = jsonUpTo(limit)));
  return new Promise((resolve, reject) =>
    parse(req, res, (err?: unknown) => {
      if (err) return reject(bodyError(err));
      try {
        refuseControlCharactersIn(req.body);
        resolve();
      } catch (refused) {
        reject(refused);
      }
    }),
  );
}

/**
 * JSON bodies of a form's size (32 kB), nested at most MAX_JSON_DEPTH, read in front of the
 * application; larger ones are left for after the route's guards (readBodyAfterGuards), webhooks
 * excepted (they prove who sent them by a signature over the bytes). A body that cannot be read
 * gets a clear message, not the parser's. A stage of the HTTP pipeline (src/bootstrap/http-pipeline.ts)
 * that the estimate's door runs too, on the bare Node request.
 */
export function jsonBodies(): RequestHandler {
  const parseWebhook = express.json({
    limit: '512kb',
    verify: (req, _res, raw) => {
      notTooDeep(raw);
      (req as { rawBody?: Buffer }).rawBody = raw;
    },
  });
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const answer = (err?: { type?: string }) => next(err ? bodyError(err) : undefined);
    const path = pathOf(req);
    if (WEBHOOK_PATHS.has(path)) return parseWebhook(req, res, answer);
    if (declaredSmall(req))
      return parseForm(req, res, FORM_POST_PATHS.has(path) ? (err?: { type?: string }) => (err ? answer(err) : parseUrlencoded(req, res, answer)) : answer);
    (req as LeftUnread)[AFTER_GUARDS] = true;
    // Whatever the guards answer, the connection ends with it: an unread body is not drained for a next request.
    res.setHeader('Connection', 'close');
    next();
  };
}
