import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { actorFromSession, type Actor } from './actor';

const ACTOR = Symbol('actor');
type WithActor = Request & { [ACTOR]?: Actor; id?: string | number };

/** Each actor's request, for the one code that writes the session (SessionWriter). */
const requests = new WeakMap<Actor, Request>();

/**
 * The request's actor, built on first use and the same object after (guards, interceptors and
 * the handler see one actor, taken before the handler may change the session).
 */
export function actorOf(req: Request): Actor {
  const marked = req as WithActor;
  if (!marked[ACTOR]) {
    marked[ACTOR] = actorFromSession(req.session, marked.id?.toString() || null);
    requests.set(marked[ACTOR], req);
  }
  return marked[ACTOR];
}

/** The request an actor was read from; only the session writer needs it. */
export function requestOf(actor: Actor): Request {
  const req = requests.get(actor);
  if (!req) throw new Error('This actor was not read from a request.');
  return req;
}

/** `@CurrentActor() actor: Actor`: who asks, for a service. */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => actorOf(context.switchToHttp().getRequest<Request>()));
