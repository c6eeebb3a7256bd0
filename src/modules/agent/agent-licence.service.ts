import { Injectable } from '@nestjs/common';
import { AgentNotLicensedException, type UnlicensedAgent } from './agent-licence.exception';
import { AgentRepository } from './agent.repository';
import type { Actor } from '../session';

/** The producer number of the agent acting for a customer; undefined otherwise (an admin, a customer). */
export function actingProducer(actor: Pick<Actor, 'role' | 'producerId' | 'staff'>): string | undefined {
  return actor.staff && actor.role === 'agent' ? actor.producerId : undefined;
}

/** What a policy (or a quote) says about who sold it: its state and its agent of record (none: the agency's). */
export interface Business {
  state: string | null;
  producerId: string | null;
}

/**
 * What a move to another state does to the agent of record: `stays` (licensed there, or there
 * is none), or `released`: the policy passes to the agency (no agent of record) when the change
 * is confirmed, because a producer may not remain of record where they hold no licence.
 */
export type AgentOfRecordOutcome = 'stays' | 'released';

/**
 * Agents sell only where they hold a licence (issue 15), checked against the agent directory
 * each time it matters (quote, purchase, confirmation, and every action on a policy: issue 30),
 * since a licence can lapse between them. A sale with no producer is the agency's own (an
 * admin's, or the customer's online) and is sold under the agency's licence in every state we
 * sell in: see docs/decisions.md.
 */
@Injectable()
export class AgentLicenceService {
  constructor(private readonly agents: AgentRepository) {}

  /** Refuses (403 AGENT_NOT_LICENSED_IN_STATE) when the producer is not, or no longer, licensed in the state. */
  async ensureLicensed(producerId: string | null | undefined, state: string | null | undefined, agent: UnlicensedAgent = 'acting'): Promise<void> {
    if (!producerId || !state) return;
    const held = await this.licensedStates(producerId);
    if (!held.includes(state)) throw new AgentNotLicensedException(state, held, agent);
  }

  /**
   * The one rule for acting on an issued policy (issue 30). Staff acting for the customer (any
   * write: a change priced, a cancellation, a reading, a budget...) need the acting agent and
   * the agent of record licensed in the policy's state; a move to `newState` needs the acting
   * agent licensed there too, whoever asks. The agent of record's licence in the new state does
   * not refuse a move (the car must be insured where it is kept): it answers what happens to
   * them, `released` when they hold no licence there.
   */
  async assertMayActOnPolicy(actor: Actor, policy: Business, newState?: string): Promise<AgentOfRecordOutcome> {
    const acting = actingProducer(actor);
    await this.ensureLicensed(acting, policy.state);
    if (actor.staff) await this.ensureLicensed(policy.producerId, policy.state, 'of-record');
    if (!newState || newState === policy.state) return 'stays';
    await this.ensureLicensed(acting, newState);
    if (!policy.producerId) return 'stays';
    return (await this.licensedStates(policy.producerId)).includes(newState) ? 'stays' : 'released';
  }

  /**
   * A quote answered in `state`: the acting agent, and the agent who started the quote (whoever
   * answers it, the customer too), must be licensed there. Refused at the step that sets the
   * state, not at payment: a quote is no contract yet, and the customer may start their own.
   */
  async assertMayQuote(actor: Actor, quote: Pick<Business, 'producerId'>, state: string | null): Promise<void> {
    await this.ensureLicensed(actingProducer(actor), state);
    await this.ensureLicensed(quote.producerId, state, 'of-record');
  }

  private async licensedStates(producerId: string): Promise<string[]> {
    const agent = await this.agents.findByProducerId(producerId);
    // A deactivated agent holds no licence with us any more, whatever the directory still lists.
    return agent?.active ? agent.licensedStates : [];
  }
}
