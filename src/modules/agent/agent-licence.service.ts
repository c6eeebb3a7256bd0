import { Injectable } from '@nestjs/common';
import type { Actor } from '../session/actor';
import { AgentRepository } from './agent.repository';
import { AgentNotLicensedException } from './agent-licence.exception';

/** The producer number of the agent acting for a customer; undefined otherwise (an admin, a customer). */
export function actingProducer(actor: Pick<Actor, 'role' | 'producerId' | 'staff'>): string | undefined {
  return actor.staff && actor.role === 'agent' ? actor.producerId : undefined;
}

/**
 * Agents sell only where they hold a licence (issue 15), checked against the agent directory
 * each time it matters (quote, purchase, confirmation), since a licence can lapse between them.
 * A sale with no producer is the agency's own (an admin's, or the customer's online) and is
 * sold under the agency's licence in every state we sell in: see docs/decisions.md.
 */
@Injectable()
export class AgentLicenceService {
  constructor(private readonly agents: AgentRepository) {}

  /** Refuses (403 AGENT_NOT_LICENSED_IN_STATE) when the producer is not, or no longer, licensed in the state. */
  async ensureLicensed(producerId: string | null | undefined, state: string | null | undefined): Promise<void> {
    if (!producerId || !state) return;
    const agent = await this.agents.findByProducerId(producerId);
    // A deactivated agent holds no licence with us any more, whatever the directory still lists.
    const held = agent?.active ? agent.licensedStates : [];
    if (!held.includes(state)) throw new AgentNotLicensedException(state, held);
  }
}
