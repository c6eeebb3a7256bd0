import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { SessionModule } from '../session/session.module';
import { AdminController } from './admin.controller';

@Module({ imports: [AuditModule, SessionModule], controllers: [AdminController] })
export class AdminModule {}
