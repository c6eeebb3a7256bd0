import { HttpStatus } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain-exception';

export const AGENT_NOT_LICENSED_IN_STATE = 'AGENT_NOT_LICENSED_IN_STATE';

/**
 * Whose licence is missing: the agent at the keyboard (`acting`), or the agent the policy or
 * quote names (`of-record`), who stays its producer whoever acts on it (issue 30).
 */
export type UnlicensedAgent = 'acting' | 'of-record';

const MESSAGES: Record<UnlicensedAgent, (state: string, held: string) => string> = {
  acting: (state, held) =>
    `The selling agent is not licensed to sell insurance in ${state} (licensed in ${held}), so this policy cannot be quoted, sold or bound there.`,
  'of-record': (state, held) =>
    `The agent of record is not licensed to sell insurance in ${state} (licensed in ${held}), so their quote or policy cannot be quoted, changed or moved there by them or for them.`,
};

/**
 * A sale or a change in a state where an agent it involves holds no licence (issues 15, 30).
 * Its own class, not a row of AgentException's table, because the message names the state; the
 * client words it in the visitor's language from extra.state, extra.licensedStates and extra.agent.
 */
export class AgentNotLicensedException extends DomainException {
  constructor(state: string, licensedStates: string[], agent: UnlicensedAgent = 'acting') {
    const held = licensedStates.length ? licensedStates.join(', ') : 'no state';
    super(AGENT_NOT_LICENSED_IN_STATE, MESSAGES[agent](state, held), HttpStatus.FORBIDDEN, { state, licensedStates, agent });
  }
}
