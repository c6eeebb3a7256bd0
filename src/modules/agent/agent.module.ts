import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { SessionModule } from '../session';
import { UsersModule } from '../users';
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
