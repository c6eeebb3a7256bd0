import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { actorOf } from '../session';
import { AuthErrorCode, AuthException } from './auth.exception';
import type { Request } from 'express';

/** Lets through only a request whose session is signed in (401 in the envelope otherwise). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!actorOf(context.switchToHttp().getRequest<Request>()).userId) throw new AuthException(AuthErrorCode.NotSignedIn);
    return true;
  }
}
