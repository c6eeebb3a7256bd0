import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { BilledSavings } from '../../../../shared/billing/billed-savings';
import type { StatementLine } from '../../../../shared/billing/statement-line';
import type { PolicyVehicle } from '../../../../shared/policy/policy-model';

/** GET /api/policies/:id/billing: this period so far. */
export interface BillingSummary {
  period: { from: string; to: string };
  daysElapsed: number;
  daysInPeriod: number;
  totalMilesSoFar: number;
  billSoFarCents: number;
  /**
   * Every line of the bill so far as the period's statement will bill it: the base rate paid
   * ahead, each stretch's miles at the rates then in force, each policy change's difference.
   */
  billLines: StatementLineView[];
  /** Of the bill so far, the base rate paid ahead for this period (already charged). */
  paidAheadCents: number;
  /** The most this period can cost: its base rate and lines with each car at the daily cap on each of its days. */
  maximumCents: number;
  /** The period's days cut where a policy change took effect, each with its cars (a miles line names its car by place in its stretch). */
  stretches: { from: string; to: string; vehicles: Pick<PolicyVehicle, 'year' | 'make' | 'model'>[] }[];
  forecastMiles: number;
  forecastCents: number;
  budget: { miles: number; used: number; share: number } | null;
  nextStatementDate?: string;
  billingDay?: number;
  /**
   * The state's published average for a car with the same coverages (`flat-rate-yardstick.ts`),
   * and the last billed period against it; absent in a state with no sourced average.
   */
  flatRate?: { state: string; year: number; monthlyCentsPerCar: number; monthlyCents: number; breakEvenMiles: number; lastPeriod?: BilledSavings };
  /** A week or more with no trip and no reading. */
  missingMiles?: boolean;
  /** After a cancellation: the last day covered and the final statement, until it is settled. */
  final?: { lastDay: string; statementDate: string; takesMiles: boolean; settled: boolean };
}

export type StatementLineView = StatementLine;

export interface StatementSummary {
  id: string;
  from: string;
  to: string;
  totalCents: number;
  /** The most the statement's period could cost: its base rate and each car at the daily cap on each of its days. */
  maximumCents: number;
  lines: StatementLineView[];
  status: 'due' | 'charging' | 'paid' | 'failed' | 'credit' | 'refunded';
}

const call = <T>(what: string, run: () => Promise<T>) => callApi('billing', what, run);

export const fetchBilling = (policyId: string) => call('summary', () => api<BillingSummary>(`/policies/${policyId}/billing`));

export const fetchStatements = (policyId: string) => call('statements', () => api<StatementSummary[]>(`/policies/${policyId}/statements`));

export const saveBudget = (policyId: string, miles: number | null) =>
  call('budget', () => api<BillingSummary>(`/policies/${policyId}/billing/budget`, { method: 'PUT', body: { miles } }));

export const saveBillingDay = (policyId: string, day: number) =>
  call('billing day', () => api<BillingSummary>(`/policies/${policyId}/billing/day`, { method: 'PUT', body: { day } }));

/** A statement's file, in the page's language. */
export const statementHref = (policyId: string, statementId: string, kind: 'pdf' | 'csv', locale: string) =>
  `/api/policies/${policyId}/statements/${statementId}/statement.${kind}?locale=${locale}`;
