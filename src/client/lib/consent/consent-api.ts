import type { ConsentChoices, ConsentSource } from '../../../shared/consent';
import { api } from '../api/api-client';

export interface ConsentState {
  decision: (ConsentChoices & { recordedAt: string; policyVersion: string }) | null;
  gpc: boolean;
}

/** GET /api/consent: the decision on record for this visitor (a signed-in user's, from any browser). */
export async function fetchConsentState(): Promise<ConsentState | undefined> {
  try {
    return (await api<ConsentState | undefined>('/consent')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** POST /api/consent: puts the decision on record; the server sets the same cookies again. */
export function recordConsent(choices: ConsentChoices, source: Exclude<ConsentSource, 'sign-in'>, anonymousId: string | undefined): Promise<unknown> {
  return api<unknown>('/consent', { method: 'POST', body: { ...choices, source, ...(anonymousId && { anonymousId }) } });
}
