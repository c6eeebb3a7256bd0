import { Module } from '@nestjs/common';
import { AgentModule } from '../agent';
import { AuditModule } from '../audit';
import { SessionModule } from '../session';
import { UsersModule } from '../users';
import { AdminAuditController } from './admin-audit.controller';
import { AdminAuditService } from './admin-audit.service';
import { AdminSessionsController } from './admin-sessions.controller';
import { AdminSessionsService } from './admin-sessions.service';
import { AdminStaffController } from './admin-staff.controller';
import { AdminStaffService } from './admin-staff.service';
import { StaffDeactivationModule } from './staff-deactivation';

/** The admin screens' API: sessions, the audit log, staff accounts (issue 16). */
@Module({
  imports: [AgentModule, AuditModule, SessionModule, StaffDeactivationModule, UsersModule],
  controllers: [AdminSessionsController, AdminAuditController, AdminStaffController],
  providers: [AdminSessionsService, AdminAuditService, AdminStaffService],
})
export class AdminModule {}
