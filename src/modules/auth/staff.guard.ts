import { CanActivate, Injectable } from '@nestjs/common';
import { currentActor, isSignedIn } from '../session';
import { AuthErrorCode, AuthException } from './auth.exception';

/** Signed-in agents and admins only: anyone else, visitor or customer, gets 403 (issue 4). */
@Injectable()
export class StaffGuard implements CanActivate {
  canActivate(): boolean {
    const actor = currentActor();
    if (!isSignedIn(actor) || actor.role === 'customer') throw new AuthException(AuthErrorCode.StaffOnly);
    return true;
  }
}

/** Signed-in admins only. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(): boolean {
    const actor = currentActor();
    if (!isSignedIn(actor) || actor.role !== 'admin') throw new AuthException(AuthErrorCode.AdminOnly);
    return true;
  }
}
