import type { ApplicationSection, PurchaseStep } from '../../../../shared/quote/application-model';
import type { Coverage, CoverageQuestion, StateRules } from '../../../../shared/quote/coverage-model';
import type { CoveragePackage, PolicyPrice, QuoteAnswers, QuoteView } from '../../../../shared/quote/quote-model';
import type { FieldProblem, Problems } from '../../../../shared/quote/quote-validation';
import { AGENT_NOT_LICENSED_IN_STATE, licenceRefusalOf, type LicenceRefusal } from '../../../../shared/quote/licence-refusal';
import { api, type ApiError } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';

export type { LicenceRefusal };

/** Why a save was refused, as the quote page shows it. */
export type QuoteFailure =
  | { kind: 'invalid'; problems: Problems }
  | { kind: 'not-served'; state: string }
  | { kind: 'not-licensed'; refusal: LicenceRefusal }
  | { kind: 'declined' }
  | { kind: 'out-of-order'; step: PurchaseStep }
  | { kind: 'not-allowed'; reason?: string }
  /** The state's select/reject questions not all answered (409 COVERAGE_CHOICE_REQUIRED). */
  | { kind: 'choices-required'; coverages: CoverageQuestion[] }
  | { kind: 'incomplete' }
  | { kind: 'not-found' }
  | { kind: 'too-many'; retryAfterSeconds?: number }
  /** 429 LINK_RECENTLY_SENT: a link went to this address moments ago; another after the wait. */
  | { kind: 'recently-sent'; retryAfterSeconds: number }
  | { kind: 'failed' };

export interface PackagePrice {
  package: CoveragePackage;
  coverage: Coverage;
  price: PolicyPrice;
}

export type QuoteResult<T> = { ok: true; value: T } | { ok: false; failure: QuoteFailure };

function failureOf({ status, code, extra, retryAfterSeconds }: ApiError): QuoteFailure {
  if (status === 422 && code === 'STATE_NOT_SERVED') return { kind: 'not-served', state: extra.state as string };
  if (status === 422 && code === 'QUOTE_DECLINED') return { kind: 'declined' };
  if (status === 403 && code === AGENT_NOT_LICENSED_IN_STATE) return { kind: 'not-licensed', refusal: licenceRefusalOf(extra) };
  if (status === 400 && extra.problems) return { kind: 'invalid', problems: extra.problems as Problems };
  if (status === 404) return { kind: 'not-found' };
  if (status === 409 && code === 'OUT_OF_ORDER') return { kind: 'out-of-order', step: extra.step as PurchaseStep };
  if (status === 422 && code === 'COVERAGE_NOT_ALLOWED') return { kind: 'not-allowed', reason: extra.reason as string | undefined };
  if (status === 409 && code === 'COVERAGE_CHOICE_REQUIRED') return { kind: 'choices-required', coverages: (extra.coverages as CoverageQuestion[] | undefined) ?? [] };
  if (status === 409 && code === 'COVERAGE_BELOW_STATE_RULES') return { kind: 'not-allowed', reason: extra.reason as string | undefined };
  if (status === 409) return { kind: 'incomplete' };
  if (status === 429 && code === 'LINK_RECENTLY_SENT') return { kind: 'recently-sent', retryAfterSeconds: Number(extra.retryAfterSeconds) || retryAfterSeconds || 60 };
  if (status === 429) return { kind: 'too-many', retryAfterSeconds };
  return { kind: 'failed' };
}

async function call<T>(run: () => Promise<T>): Promise<QuoteResult<T>> {
  const result = await callApi('quote', 'request', run);
  return result.ok ? result : { ok: false, failure: failureOf(result.failure) };
}

/** The visitor's open quote to resume, or null when they have none. */
export function fetchCurrentQuote() {
  return call(() => api<QuoteView | null>('/quotes/current'));
}

export function createQuote(answers: QuoteAnswers) {
  return call(() => api<QuoteView>('/quotes', { method: 'POST', body: answers }));
}

export function updateQuote(id: string, answers: QuoteAnswers) {
  return call(() => api<QuoteView>(`/quotes/${encodeURIComponent(id)}`, { method: 'PATCH', body: answers }));
}

/** Sends the sign-in link that continues this quote (signed in: nothing to send). */
export function continueQuote(id: string, email?: string) {
  return call(() =>
    api<{ next: 'check-email' | 'application' }>(`/quotes/${encodeURIComponent(id)}/continue`, {
      method: 'POST',
      body: email === undefined ? {} : { email },
    }),
  );
}

export function joinWaitlist(email: string, zip: string) {
  return call(() => api<{ state: string }>('/quotes/waitlist', { method: 'POST', body: { email, zip } }));
}

export function fetchMakes(year: number) {
  return call(() => api<string[]>(`/vehicles/makes?year=${year}`));
}

export function fetchModels(year: number, make: string) {
  return call(() => api<{ model: string; bodyType: string }[]>(`/vehicles/models?year=${year}&make=${encodeURIComponent(make)}`));
}

export type { FieldProblem };

export function saveApplicationSection(id: string, section: ApplicationSection, body: object) {
  return call(() => api<QuoteView>(`/quotes/${encodeURIComponent(id)}/application/${section}`, { method: 'PUT', body }));
}

export function fetchPackages(id: string) {
  return call(() => api<{ packages: PackagePrice[]; rules: StateRules }>(`/quotes/${encodeURIComponent(id)}/packages`));
}

export function choosePackage(id: string, pkg: CoveragePackage) {
  return call(() => api<QuoteView>(`/quotes/${encodeURIComponent(id)}/package`, { method: 'PUT', body: { package: pkg } }));
}

export function saveCoverage(id: string, coverage: Coverage) {
  return call(() => api<QuoteView>(`/quotes/${encodeURIComponent(id)}/coverage`, { method: 'PUT', body: coverage }));
}

export function confirmCoverage(id: string) {
  return call(() => api<QuoteView>(`/quotes/${encodeURIComponent(id)}/coverage/confirm`, { method: 'POST', body: {} }));
}
