/**
 * An agent in a state they are not licensed in (403 AGENT_NOT_LICENSED_IN_STATE): the one acting
 * for the customer, or the agent of record of the quote or policy (issue 30), whom a customer
 * hears about in the third person.
 */
export interface LicenceRefusal {
  state: string;
  licensedStates: string[];
  agent: 'acting' | 'of-record';
}

export const AGENT_NOT_LICENSED_IN_STATE = 'AGENT_NOT_LICENSED_IN_STATE';

/** The refusal an error's `extra` carries, read the same way wherever a page meets it. */
export function licenceRefusalOf(extra: Record<string, unknown> | undefined): LicenceRefusal {
  const licensed = extra?.licensedStates;
  return {
    state: typeof extra?.state === 'string' ? extra.state : '',
    licensedStates: Array.isArray(licensed) ? licensed.filter((s): s is string => typeof s === 'string') : [],
    agent: extra?.agent === 'of-record' ? 'of-record' : 'acting',
  };
}
