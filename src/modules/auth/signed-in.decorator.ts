import { createParamDecorator } from '@nestjs/common';
import { currentActor, isSignedIn, type SignedInActor } from '../session';
import { AuthErrorCode, AuthException } from './auth.exception';

/** The request's actor, signed in; 401 (NOT_SIGNED_IN) when no one is. */
export function signedInActor(): SignedInActor {
  const actor = currentActor();
  if (!isSignedIn(actor)) throw new AuthException(AuthErrorCode.NotSignedIn);
  return actor;
}

/**
 * `@SignedIn() actor: SignedInActor`: who asks, on a route behind SignedInGuard, StaffGuard or
 * AdminGuard (a route that forgot its guard still answers 401 to a visitor, never runs for one).
 */
export const SignedIn = createParamDecorator((): SignedInActor => signedInActor());
