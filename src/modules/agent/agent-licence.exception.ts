import { HttpStatus } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain-exception';

export const AGENT_NOT_LICENSED_IN_STATE = 'AGENT_NOT_LICENSED_IN_STATE';

/**
 * A sale in a state where the selling agent holds no licence (issue 15). Its own class, not a
 * row of AgentException's table, because the message names the state; the client words it in
 * the visitor's language from extra.state and extra.licensedStates.
 */
export class AgentNotLicensedException extends DomainException {
  constructor(state: string, licensedStates: string[]) {
    const held = licensedStates.length ? licensedStates.join(', ') : 'no state';
    super(
      AGENT_NOT_LICENSED_IN_STATE,
      `The selling agent is not licensed to sell insurance in ${state} (licensed in ${held}), so this policy cannot be quoted, sold or bound there.`,
      HttpStatus.FORBIDDEN,
      { state, licensedStates },
    );
  }
}
