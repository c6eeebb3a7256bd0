import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MAKES_CREDENTIAL } from '../../common/http/on-behalf-marks.decorator';
import { AuditService } from '../audit';
import { currentActor, isOnBehalf } from '../session';
import { requestTarget } from './on-behalf-request';
import { OnBehalfErrorCode, OnBehalfException } from './on-behalf.exception';
import type { Request } from 'express';

/**
 * Global: a handler marked @MakesCredential never runs while staff act for a customer. The
 * attempt is audited (someone tried to leave on-behalf mode) and answered 403.
 */
@Injectable()
export class OnBehalfCredentialGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (!this.reflector.getAllAndOverride<boolean>(MAKES_CREDENTIAL, [context.getHandler(), context.getClass()])) return true;
    const actor = currentActor();
    if (!isOnBehalf(actor)) return true;
    await this.audit.record(actor, 'on-behalf.credential-refused', { target: requestTarget(context.switchToHttp().getRequest<Request>()) });
    throw new OnBehalfException(OnBehalfErrorCode.CredentialWhileOnBehalf);
  }
}
