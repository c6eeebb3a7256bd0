import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { SessionModule } from '../session/session.module';
import { UsersModule } from '../users/users.module';
import { AgentLicenceService } from './agent-licence.service';
import { AgentController } from './agent.controller';
import { AgentRepository } from './agent.repository';
import { AgentService } from './agent.service';
import { OnBehalfService } from './on-behalf.service';
import { StaffEnrolment } from './staff-enrolment';

@Module({
  imports: [AuditModule, SessionModule, UsersModule],
  controllers: [AgentController],
  providers: [AgentRepository, AgentService, OnBehalfService, AgentLicenceService, StaffEnrolment],
  exports: [AgentLicenceService, StaffEnrolment],
})
export class AgentModule {}
