import { Module } from '@nestjs/common';
import { AgentModule } from '../agent';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { PrivacyRequestsModule } from '../privacy-requests';
import { SessionModule } from '../session';
import { UsersModule } from '../users';
import { AdminAuditController } from './admin-audit.controller';
import { AdminAuditService } from './admin-audit.service';
import { AdminPrivacyController } from './admin-privacy.controller';
import { AdminPrivacyService } from './admin-privacy.service';
import { AdminSessionsController } from './admin-sessions.controller';
import { AdminSessionsService } from './admin-sessions.service';
import { AdminStaffController } from './admin-staff.controller';
import { AdminStaffService } from './admin-staff.service';
import { StaffDeactivationModule } from './staff-deactivation';

/** The admin screens' API: sessions, the audit log, staff accounts (issue 16), privacy requests (issue 27). */
@Module({
  imports: [AgentModule, AuditModule, MailModule, PrivacyRequestsModule, SessionModule, StaffDeactivationModule, UsersModule],
  controllers: [AdminSessionsController, AdminAuditController, AdminStaffController, AdminPrivacyController],
  providers: [AdminSessionsService, AdminAuditService, AdminStaffService, AdminPrivacyService],
})
export class AdminModule {}
