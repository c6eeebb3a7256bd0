import type { StatementLine } from '../../../../shared/billing/statement-line';
import { request } from '../../../lib/api/request';
import { createLogger } from '../../../lib/telemetry/logger';

/** GET /api/policies/:id/billing: this period so far. */
export interface BillingSummary {
  period: { from: string; to: string };
  daysElapsed: number;
  daysInPeriod: number;
  totalMilesSoFar: number;
  billSoFarCents: number;
  forecastMiles: number;
  forecastCents: number;
  budget: { miles: number; used: number; share: number } | null;
  nextStatementDate?: string;
  billingDay?: number;
  /** A flat-rate policy pricing in the average driver's miles, against this period's forecast. */
  flatRate?: { monthlyMiles: number; monthlyCents: number; breakEvenMiles: number; savingsCents: number };
  /** A week or more with no trip and no reading. */
  missingMiles?: boolean;
}

export type StatementLineView = StatementLine;

export interface StatementSummary {
  id: string;
  from: string;
  to: string;
  totalCents: number;
  lines: StatementLineView[];
  status: 'due' | 'charging' | 'paid' | 'failed' | 'credit' | 'refunded';
}

export interface DayMiles {
  date: string;
  miles: number;
  billableMiles: number;
  source: 'trips' | 'odometer' | 'none';
}

export type BillingResult<T> = { ok: true; value: T } | { ok: false; code?: string };

async function call<T>(what: string, run: () => Promise<{ payload: T }>): Promise<BillingResult<T>> {
  try {
    return { ok: true, value: (await run()).payload };
  } catch (error) {
    const code: string | undefined = error instanceof Response ? (await error.json().catch(() => undefined))?.error?.code : undefined;
    // A refusal the page explains (a reading that went down) is not a fault worth a log line.
    if (!(error instanceof Response && error.status < 500 && code)) createLogger('billing').warn(`${what} failed`, { status: error instanceof Response ? error.status : 'network' });
    return { ok: false, code };
  }
}

export const fetchBilling = (policyId: string) => call<BillingSummary>('summary', () => request(`/policies/${policyId}/billing`));

export const fetchStatements = (policyId: string) => call<StatementSummary[]>('statements', () => request(`/policies/${policyId}/statements`));

export const fetchDailyMiles = (policyId: string, from: string, to: string) =>
  call<{ vehicle: string; days: DayMiles[] }[]>('miles', () => request(`/policies/${policyId}/miles?from=${from}&to=${to}`));

export const saveBudget = (policyId: string, miles: number | null) => call<BillingSummary>('budget', () => request(`/policies/${policyId}/billing/budget`, { method: 'PUT', body: { miles } }));

export const saveBillingDay = (policyId: string, day: number) => call<BillingSummary>('billing day', () => request(`/policies/${policyId}/billing/day`, { method: 'PUT', body: { day } }));

export const sendReading = (policyId: string, vehicleIndex: number, reading: number) =>
  call<{ reading: number; flag: string | null }>('odometer', () => request(`/policies/${policyId}/odometer`, { method: 'POST', body: { vehicleIndex, reading } }));

/** A statement's file, in the page's language. */
export const statementHref = (policyId: string, statementId: string, kind: 'pdf' | 'csv', locale: string) =>
  `/api/policies/${policyId}/statements/${statementId}/statement.${kind}?locale=${locale}`;
