import { useEffect, useState } from 'react';
import type { PolicyView } from '../../../shared/policy/policy-model';
import { fetchPolicies, fetchPolicy } from './policy-api';

export type PolicyLoad = { state: 'loading' } | { state: 'failed' } | { state: 'none' } | { state: 'ready'; policy: PolicyView };

/** The policy named (?policy=<id>), or the customer's newest when none is named. */
export function usePolicy(id: string | null): PolicyLoad & { retry: () => void } {
  const [load, setLoad] = useState<PolicyLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    void (async () => {
      const result = id ? await fetchPolicy(id) : await fetchPolicies();
      if (!current) return;
      if (!result.ok) return setLoad(result.failure.kind === 'not-found' ? { state: 'none' } : { state: 'failed' });
      const policy = Array.isArray(result.value) ? result.value[0] : result.value;
      setLoad(policy ? { state: 'ready', policy } : { state: 'none' });
    })();
    return () => {
      current = false;
    };
  }, [id, attempt]);
  return { ...load, retry: () => setAttempt((n) => n + 1) };
}
