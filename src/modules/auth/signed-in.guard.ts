import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { actorOf } from '../session/current-actor.decorator';
import { AuthErrorCode, AuthException } from './auth.exception';

/** Lets through only a request whose session is signed in (401 in the envelope otherwise). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!actorOf(context.switchToHttp().getRequest<Request>()).userId) throw new AuthException(AuthErrorCode.NotSignedIn);
    return true;
  }
}
