import { STATE_TIME_ZONES } from '../../src/shared/dates/state-day';
import { queryRows } from './payment-fixtures';
import { timelineFollowsRow } from './policy-timeline-sync';
import type { TestApp } from './test-app';

/** The policy's state's time zone, in SQL. */
const STATE_ZONE = `(CASE state ${Object.entries(STATE_TIME_ZONES)
  .map(([state, zone]) => `WHEN '${state}' THEN '${zone}'`)
  .join(' ')} ELSE 'America/New_York' END)`;

/** Midnight of the policy's (new) first day in its state, in SQL, as a `timestamptz`. */
const FIRST_MIDNIGHT = `(effective_date::timestamp AT TIME ZONE ${STATE_ZONE})`;

/**
 * Today in the policy's state, in SQL: the database's `current_date` is its session's (UTC) day,
 * a day ahead of every one of our states each evening from 5 p.m. in Arizona.
 */
const STATE_TODAY = `(now() AT TIME ZONE ${STATE_ZONE})::date`;

export interface BackdatedPolicy {
  effectiveDate: string;
  termEndDate: string;
  state: string;
  quoteId: string;
  boundAt: Date | null;
}

/**
 * The one way a test moves a policy's start into the past (issue 26): the policy's first day
 * becomes `start` (a number of days before today in the policy's state, or a YYYY-MM-DD day), and its
 * bound moment (and signature) moves with it to no later than that day's midnight in its state,
 * as if it had been bought ahead. Cover then begins at the start of its first day, so trips,
 * readings and claims dated on the days the test made up are covered, as they were before cover
 * began at the bound moment. An unbound policy stays unbound.
 *
 * `extra` sets other columns in the same update (`producer_id`, `billing_day`, `term_end_date`:
 * values, sent as parameters); `termDays` sets the term's end that many days after the new start.
 */
export async function backdatePolicy(
  app: Pick<TestApp, 'databaseUrl'>,
  policyId: string,
  start: number | string,
  extra: { termDays?: number } & Record<string, unknown> = {},
): Promise<BackdatedPolicy> {
  const { termDays, ...columns } = extra;
  const params: unknown[] = [policyId, start];
  const startSql = typeof start === 'number' ? `${STATE_TODAY} - $2::int` : `$2::date`;
  const sets = [`effective_date = ${startSql}`];
  if (termDays !== undefined) sets.push(`term_end_date = ${startSql} + $${params.push(termDays)}::int`);
  for (const [column, value] of Object.entries(columns)) {
    if (!/^[a-z_]+$/.test(column)) throw new Error(`Not a column: ${column}`);
    sets.push(`${column} = $${params.push(value)}`);
  }
  await queryRows(app, `UPDATE policies SET ${sets.join(', ')} WHERE id = $1`, params);
  // A second statement: SET reads the row as it was, and the bound moment follows the new first day.
  const [row] = await queryRows<BackdatedPolicy>(
    app,
    // LEAST skips a null: an unbound (or unsigned) policy is kept so by the CASE.
    `UPDATE policies SET bound_at = CASE WHEN bound_at IS NOT NULL THEN LEAST(bound_at, ${FIRST_MIDNIGHT}) END,
        signed_at = CASE WHEN signed_at IS NOT NULL THEN LEAST(signed_at, ${FIRST_MIDNIGHT}) END
      WHERE id = $1
      RETURNING to_char(effective_date, 'YYYY-MM-DD') AS "effectiveDate", to_char(term_end_date, 'YYYY-MM-DD') AS "termEndDate", state,
        quote_id AS "quoteId", bound_at AS "boundAt"`,
    [policyId],
  );
  if (!row) throw new Error(`No policy ${policyId} to back-date`);
  // Its timeline moves with it: issued from the new first day, its term to the new end.
  await timelineFollowsRow(app, policyId);
  return row;
}
