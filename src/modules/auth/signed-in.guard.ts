import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuthErrorCode, AuthException } from './auth.exception';

/** Lets through only a request whose session is signed in (401 in the envelope otherwise). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.session?.userId) throw new AuthException(AuthErrorCode.NotSignedIn);
    return true;
  }
}
