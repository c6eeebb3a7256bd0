import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module';
import { AuditModule } from '../audit/audit.module';
import { SessionModule } from '../session/session.module';
import { UsersModule } from '../users/users.module';
import { AdminAuditController } from './admin-audit.controller';
import { AdminAuditService } from './admin-audit.service';
import { AdminSessionsController } from './admin-sessions.controller';
import { AdminSessionsService } from './admin-sessions.service';
import { AdminStaffController } from './admin-staff.controller';
import { AdminStaffService } from './admin-staff.service';

/** The admin screens' API: sessions, the audit log, staff accounts (issue 16). */
@Module({
  imports: [AgentModule, AuditModule, SessionModule, UsersModule],
  controllers: [AdminSessionsController, AdminAuditController, AdminStaffController],
  providers: [AdminSessionsService, AdminAuditService, AdminStaffService],
})
export class AdminModule {}
