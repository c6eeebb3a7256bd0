import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit';
import { AgentErrorCode, AgentException } from './agent.exception';
import { AgentRepository } from './agent.repository';
import type { SignedInActor } from '../session';
import type { AgentDetailsDto } from './agent.dto';

/** Spec §7 agent lookup: an agent may see only their own details, an admin any agent's. */
@Injectable()
export class AgentService {
  constructor(
    private readonly agents: AgentRepository,
    private readonly audit: AuditService,
  ) {}

  async lookUp(actor: SignedInActor, producerId: string): Promise<AgentDetailsDto> {
    const { role, producerId: own } = actor;
    if (role === 'agent' && producerId !== own) throw new AgentException(AgentErrorCode.OtherProducer);
    const agent = await this.agents.findByProducerId(producerId);
    if (!agent) throw new AgentException(AgentErrorCode.UnknownProducer, { producerId });
    await this.audit.record(actor, 'agent.lookup', { target: producerId, customer: null });
    const { userId: _userId, ...details } = agent;
    return details;
  }
}
