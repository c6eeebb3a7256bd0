import type { ApplicationSection, PurchaseStep } from '../../../../shared/quote/application-model';
import type { Coverage, CoverageQuestion, StateRules } from '../../../../shared/quote/coverage-model';
import type { CoveragePackage, PolicyPrice, QuoteAnswers, QuoteView } from '../../../../shared/quote/quote-model';
import type { FieldProblem, Problems } from '../../../../shared/quote/quote-validation';
import { AGENT_NOT_LICENSED_IN_STATE, licenceRefusalOf, type LicenceRefusal } from '../../../../shared/quote/licence-refusal';
import { request } from '../../../lib/api/request';
import { createLogger } from '../../../lib/telemetry/logger';

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

async function failureOf(error: unknown): Promise<QuoteFailure> {
  if (!(error instanceof Response)) return { kind: 'failed' };
  const body = await error.json().catch(() => undefined);
  const code: string | undefined = body?.error?.code;
  if (error.status === 422 && code === 'STATE_NOT_SERVED') return { kind: 'not-served', state: body.error.extra?.state };
  if (error.status === 422 && code === 'QUOTE_DECLINED') return { kind: 'declined' };
  if (error.status === 403 && code === AGENT_NOT_LICENSED_IN_STATE) return { kind: 'not-licensed', refusal: licenceRefusalOf(body.error.extra) };
  if (error.status === 400 && body?.error?.extra?.problems) return { kind: 'invalid', problems: body.error.extra.problems as Problems };
  if (error.status === 404) return { kind: 'not-found' };
  if (error.status === 409 && code === 'OUT_OF_ORDER') return { kind: 'out-of-order', step: body.error.extra?.step };
  if (error.status === 422 && code === 'COVERAGE_NOT_ALLOWED') return { kind: 'not-allowed', reason: body.error.extra?.reason };
  if (error.status === 409 && code === 'COVERAGE_CHOICE_REQUIRED') return { kind: 'choices-required', coverages: body.error.extra?.coverages ?? [] };
  if (error.status === 409 && code === 'COVERAGE_BELOW_STATE_RULES') return { kind: 'not-allowed', reason: body.error.extra?.reason };
  if (error.status === 409) return { kind: 'incomplete' };
  if (error.status === 429 && code === 'LINK_RECENTLY_SENT') return { kind: 'recently-sent', retryAfterSeconds: Number(body.error.extra?.retryAfterSeconds) || Number(error.headers.get('retry-after')) || 60 };
  if (error.status === 429) return { kind: 'too-many', retryAfterSeconds: Number(error.headers.get('retry-after')) || undefined };
  return { kind: 'failed' };
}

async function call<T>(run: () => Promise<{ payload: T }>): Promise<QuoteResult<T>> {
  try {
    return { ok: true, value: (await run()).payload };
  } catch (error) {
    const failure = await failureOf(error);
    if (failure.kind === 'failed') createLogger('quote').warn('request failed', { status: error instanceof Response ? error.status : String(error) });
    return { ok: false, failure };
  }
}

/** The visitor's open quote to resume, or null when they have none. */
export function fetchCurrentQuote() {
  return call(() => request<{ payload: QuoteView | null }>('/quotes/current'));
}

export function createQuote(answers: QuoteAnswers) {
  return call(() => request<{ payload: QuoteView }>('/quotes', { method: 'POST', body: answers }));
}

export function updateQuote(id: string, answers: QuoteAnswers) {
  return call(() => request<{ payload: QuoteView }>(`/quotes/${encodeURIComponent(id)}`, { method: 'PATCH', body: answers }));
}

/** Sends the sign-in link that continues this quote (signed in: nothing to send). */
export function continueQuote(id: string, email?: string) {
  return call(() =>
    request<{ payload: { next: 'check-email' | 'application' } }>(`/quotes/${encodeURIComponent(id)}/continue`, {
      method: 'POST',
      body: email === undefined ? {} : { email },
    }),
  );
}

export function joinWaitlist(email: string, zip: string) {
  return call(() => request<{ payload: { state: string } }>('/quotes/waitlist', { method: 'POST', body: { email, zip } }));
}

export function fetchMakes(year: number) {
  return call(() => request<{ payload: string[] }>(`/vehicles/makes?year=${year}`));
}

export function fetchModels(year: number, make: string) {
  return call(() => request<{ payload: { model: string; bodyType: string }[] }>(`/vehicles/models?year=${year}&make=${encodeURIComponent(make)}`));
}

export type { FieldProblem };

export function saveApplicationSection(id: string, section: ApplicationSection, body: object) {
  return call(() => request<{ payload: QuoteView }>(`/quotes/${encodeURIComponent(id)}/application/${section}`, { method: 'PUT', body }));
}

export function fetchPackages(id: string) {
  return call(() => request<{ payload: { packages: PackagePrice[]; rules: StateRules } }>(`/quotes/${encodeURIComponent(id)}/packages`));
}

export function choosePackage(id: string, pkg: CoveragePackage) {
  return call(() => request<{ payload: QuoteView }>(`/quotes/${encodeURIComponent(id)}/package`, { method: 'PUT', body: { package: pkg } }));
}

export function saveCoverage(id: string, coverage: Coverage) {
  return call(() => request<{ payload: QuoteView }>(`/quotes/${encodeURIComponent(id)}/coverage`, { method: 'PUT', body: coverage }));
}

export function confirmCoverage(id: string) {
  return call(() => request<{ payload: QuoteView }>(`/quotes/${encodeURIComponent(id)}/coverage/confirm`, { method: 'POST', body: {} }));
}
