import { api, ApiError } from '../../../lib/api/api-client';
import { createLogger } from '../../../lib/telemetry/logger';

export interface EstimateInput {
  zip: string;
  birthDate: string;
  yearsLicensed: number;
  milesPerMonth: number;
  vehicle: { year: number; make: string; model: string };
}

export interface Estimate {
  state: string;
  baseRateCents: number;
  perMileRateMills: number;
  monthlyEstimateCents: number;
}

export type EstimateOutcome = { ok: true; estimate: Estimate } | { ok: false; reason: 'not-served'; state: string } | { ok: false; reason: 'invalid' | 'failed'; fields?: string[] };

/** POST /api/quotes/estimate, the engine the quote itself uses. */
export async function fetchEstimate(input: EstimateInput): Promise<EstimateOutcome> {
  try {
    const estimate = await api<Estimate>('/quotes/estimate', {
      method: 'POST',
      body: {
        zip: input.zip,
        vehicle: input.vehicle,
        driver: { birthDate: input.birthDate, yearsLicensed: input.yearsLicensed },
        incidents: [],
        milesPerMonth: input.milesPerMonth,
      },
    });
    return { ok: true, estimate };
  } catch (error) {
    if (!(error instanceof ApiError) || !error.status) return { ok: false, reason: 'failed' };
    if (error.status === 422 && error.code === 'STATE_NOT_SERVED') return { ok: false, reason: 'not-served', state: error.extra.state as string };
    if (error.status === 400) return { ok: false, reason: 'invalid', fields: Object.keys(error.fields ?? {}) };
    createLogger('estimate').warn('failed', { status: error.status });
    return { ok: false, reason: 'failed' };
  }
}
