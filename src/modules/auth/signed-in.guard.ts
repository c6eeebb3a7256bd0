import { CanActivate, Injectable } from '@nestjs/common';
import { currentActor } from '../session/request-context';
import { AuthErrorCode, AuthException } from './auth.exception';

/** Lets through only a request whose session is signed in (401 in the envelope otherwise). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(): boolean {
    if (!currentActor().userId) throw new AuthException(AuthErrorCode.NotSignedIn);
    return true;
  }
}
