import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { ClaimsReadModule } from '../claims/claims-read.module';
import { SessionModule } from '../session';
import { UsersModule } from '../users';
import { AgentCustomersController } from './agent-customers.controller';
import { AgentCustomersRepository } from './agent-customers.repository';
import { AgentCustomersService } from './agent-customers.service';
import { AgentLicenceService } from './agent-licence.service';
import { AgentController } from './agent.controller';
import { AgentRepository } from './agent.repository';
import { AgentService } from './agent.service';
import { OnBehalfService } from './on-behalf.service';
import { StaffEnrolment } from './staff-enrolment';

@Module({
  imports: [AuditModule, ClaimsReadModule, SessionModule, UsersModule],
  controllers: [AgentController, AgentCustomersController],
  providers: [AgentRepository, AgentCustomersRepository, AgentCustomersService, AgentService, OnBehalfService, AgentLicenceService, StaffEnrolment],
  exports: [AgentLicenceService, StaffEnrolment],
})
export class AgentModule {}
