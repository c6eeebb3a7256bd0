import { Module } from '@nestjs/common';
import { ClaimsReadModule } from '../claims';
import { AgentCustomersController } from './agent-customers.controller';
import { AgentCustomersRepository } from './agent-customers.repository';
import { AgentCustomersService } from './agent-customers.service';

/**
 * The agent screen's customers (an admin's: everyone's), with their open claims: a screen on top
 * of the modules it reads, so that agent, which quote and policy use, imports nothing of claims.
 */
@Module({
  imports: [ClaimsReadModule],
  controllers: [AgentCustomersController],
  providers: [AgentCustomersRepository, AgentCustomersService],
})
export class AgentCustomersModule {}
