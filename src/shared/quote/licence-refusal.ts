/** An agent acting for a customer in a state they are not licensed in (403 AGENT_NOT_LICENSED_IN_STATE). */
export interface LicenceRefusal {
  state: string;
  licensedStates: string[];
}

export const AGENT_NOT_LICENSED_IN_STATE = 'AGENT_NOT_LICENSED_IN_STATE';

/** The refusal an error's `extra` carries, read the same way wherever a page meets it. */
export function licenceRefusalOf(extra: Record<string, unknown> | undefined): LicenceRefusal {
  const licensed = extra?.licensedStates;
  return {
    state: typeof extra?.state === 'string' ? extra.state : '',
    licensedStates: Array.isArray(licensed) ? licensed.filter((s): s is string => typeof s === 'string') : [],
  };
}
