import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { actorOf } from '../session';
import { AuthErrorCode, AuthException } from './auth.exception';
import type { Request } from 'express';

/** Signed-in agents and admins only: anyone else, visitor or customer, gets 403 (issue 4). */
@Injectable()
export class StaffGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const actor = actorOf(context.switchToHttp().getRequest<Request>());
    if (!actor.userId || actor.role === 'customer') throw new AuthException(AuthErrorCode.StaffOnly);
    return true;
  }
}

/** Signed-in admins only. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const actor = actorOf(context.switchToHttp().getRequest<Request>());
    if (!actor.userId || actor.role !== 'admin') throw new AuthException(AuthErrorCode.AdminOnly);
    return true;
  }
}
