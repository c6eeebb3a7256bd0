import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/api-client';
import { createLogger } from '../telemetry/logger';
import { useSession } from './session-context';

/** What the browser uses of the agent lookup (spec §7): the name, and where the agent may sell. */
export interface AgentDetails {
  name: string;
  licensedStates: string[];
}

const lookups = new Map<string, Promise<AgentDetails | undefined>>();

/** Spec §7 agent lookup, once per producer and page; failures are logged as a warning and give nothing (spec §8). */
function lookUp(producerId: string): Promise<AgentDetails | undefined> {
  let pending = lookups.get(producerId);
  if (!pending) {
    pending = api<AgentDetails>('/agent', { method: 'POST', body: { producerId } }).then(
      (payload) => ({ name: payload.name, licensedStates: payload.licensedStates ?? [] }),
      (error: unknown) => {
        createLogger('agent').warn('lookup failed', { status: error instanceof ApiError ? error.status || 'network' : String(error) });
        lookups.delete(producerId);
        return undefined;
      },
    );
    lookups.set(producerId, pending);
  }
  return pending;
}

/** The signed-in agent's details. Spec §6: only an agent session triggers the lookup. */
export function useAgentDetails(): AgentDetails | undefined {
  const { session } = useSession();
  const producerId = session?.role === 'agent' ? session.producerId : undefined;
  const [details, setDetails] = useState<AgentDetails>();
  useEffect(() => {
    if (!producerId) return setDetails(undefined);
    let current = true;
    void lookUp(producerId).then((found) => current && setDetails(found));
    return () => {
      current = false;
    };
  }, [producerId]);
  return details;
}
