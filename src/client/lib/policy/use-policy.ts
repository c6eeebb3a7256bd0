import type { PolicyView } from '../../../shared/policy/policy-model';
import { useApiQuery } from '../api/use-api-query';
import { fetchPolicies, fetchPolicy, type PolicyResult } from './policy-api';

export type PolicyLoad = { state: 'loading' } | { state: 'failed' } | { state: 'none' } | { state: 'ready'; policy: PolicyView };

/** The policy named, or the newest; null when there is none (or none of that id). */
async function loadPolicy(id: string | null): Promise<PolicyResult<PolicyView | null>> {
  const result = id ? await fetchPolicy(id) : await fetchPolicies();
  if (!result.ok) return result.failure.kind === 'not-found' ? { ok: true, value: null } : result;
  return { ok: true, value: (Array.isArray(result.value) ? result.value[0] : result.value) ?? null };
}

/** The policy named (?policy=<id>), or the customer's newest when none is named. */
export function usePolicy(id: string | null): PolicyLoad & { retry: () => void } {
  const query = useApiQuery(['policy', id], () => loadPolicy(id));
  const retry = query.refetch;
  if (query.state !== 'ready') return { state: query.state, retry };
  return query.data ? { state: 'ready', policy: query.data, retry } : { state: 'none', retry };
}
