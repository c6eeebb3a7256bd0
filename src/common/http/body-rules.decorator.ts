import { SetMetadata } from '@nestjs/common';

/**
 * What a route takes for a body beyond a form's 32 kB. Such bodies are left unread in front of
 * the application (bootstrap/json-bodies.ts) and read only after the route's guards have let the
 * caller in (BodyAfterGuardsInterceptor): a large body is never read for an anonymous caller.
 */
export const BODY_RULE = 'meterly:body-rule';

export interface BodyRule {
  /** JSON up to this many bytes. */
  jsonLimit?: number;
  /** The handler reads the raw bytes itself, after its own checks (a photo upload). */
  streamed?: true;
}

/** JSON bodies up to `limit` bytes, read once the guards have passed. */
export const LargeJsonBody = (limit: number) => SetMetadata(BODY_RULE, { jsonLimit: limit } satisfies BodyRule);

/** The handler reads the body as raw bytes itself (read-raw-body.ts), after checking who asks and their limits. */
export const StreamedBody = () => SetMetadata(BODY_RULE, { streamed: true } satisfies BodyRule);
