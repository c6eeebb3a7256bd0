import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { SessionModule } from '../session';
import { UsersModule } from '../users';
import { AgentLicenceService } from './agent-licence.service';
import { AgentController } from './agent.controller';
import { AgentRepository } from './agent.repository';
import { AgentService } from './agent.service';
import { OnBehalfService } from './on-behalf.service';
import { StaffEnrolmentModule } from './staff-enrolment';

@Module({
  imports: [AuditModule, SessionModule, StaffEnrolmentModule, UsersModule],
  controllers: [AgentController],
  providers: [AgentRepository, AgentService, OnBehalfService, AgentLicenceService],
  exports: [AgentLicenceService, StaffEnrolmentModule],
})
export class AgentModule {}
