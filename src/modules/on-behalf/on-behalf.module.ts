import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AuditModule } from '../audit';
import { OnBehalfAuditInterceptor } from './on-behalf-audit.interceptor';
import { OnBehalfCredentialGuard } from './on-behalf-credential.guard';

/**
 * The rules of acting for a customer that hold for every endpoint, in one place: no new
 * credential while on behalf, and every change made on behalf audited (issue 14, finding 3).
 */
@Module({
  imports: [AuditModule],
  providers: [
    { provide: APP_GUARD, useClass: OnBehalfCredentialGuard },
    { provide: APP_INTERCEPTOR, useClass: OnBehalfAuditInterceptor },
  ],
})
export class OnBehalfModule {}
