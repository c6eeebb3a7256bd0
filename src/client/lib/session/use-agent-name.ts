import { useEffect, useState } from 'react';
import { request } from '../api/request';
import { createLogger } from '../telemetry/logger';
import { useSession } from './session-context';

const names = new Map<string, Promise<string | undefined>>();

/** Spec §7 agent lookup; failures are logged as a warning and give no name (spec §8). */
function lookUp(producerId: string): Promise<string | undefined> {
  let pending = names.get(producerId);
  if (!pending) {
    pending = request<{ payload: { name: string } }>('/agent', { method: 'POST', body: { producerId } }).then(
      (answer) => answer.payload.name,
      (error: unknown) => {
        createLogger('agent').warn('lookup failed', { status: error instanceof Response ? error.status : String(error) });
        names.delete(producerId);
        return undefined;
      },
    );
    names.set(producerId, pending);
  }
  return pending;
}

/** The signed-in agent's name. Spec §6: only an agent session triggers the lookup. */
export function useAgentName(): string | undefined {
  const { session } = useSession();
  const producerId = session?.role === 'agent' ? session.producerId : undefined;
  const [name, setName] = useState<string>();
  useEffect(() => {
    if (!producerId) return setName(undefined);
    let current = true;
    void lookUp(producerId).then((found) => current && setName(found));
    return () => {
      current = false;
    };
  }, [producerId]);
  return name;
}
