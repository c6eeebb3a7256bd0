import { STATE_TIME_ZONES } from '../../src/shared/dates/state-day';
import { queryRows } from './payment-fixtures';
import type { TestApp } from './test-app';

const ZONE = `(CASE p.state ${Object.entries(STATE_TIME_ZONES)
  .map(([state, zone]) => `WHEN '${state}' THEN '${zone}'`)
  .join(' ')} END)`;

/**
 * After a test moves a policy's start, its term's end or its changes' days by SQL (to have a policy that started
 * weeks ago without waiting weeks), its timeline (issue 26) moves with them: the issue from the
 * start of the policy's first day, each booked change from the start of its day. Without this
 * the policy would read, as of now, as not yet started.
 */
export async function timelineFollowsRow(app: Pick<TestApp, 'databaseUrl'>, policyId: string): Promise<void> {
  await queryRows(
    app,
    `UPDATE policy_transactions t SET effective_date = p.effective_date, effective_at = p.effective_date::timestamp AT TIME ZONE ${ZONE},
        term_end_date = p.term_end_date
       FROM policies p WHERE p.id = $1 AND t.policy_id = p.id AND t.kind = 'issue'`,
    [policyId],
  );
  await queryRows(
    app,
    `UPDATE policy_transactions t SET effective_date = c.effective_date,
        effective_at = greatest(c.effective_date::timestamp AT TIME ZONE ${ZONE}, i.effective_at)
       FROM policy_changes c, policies p, policy_transactions i
      WHERE p.id = $1 AND t.policy_id = p.id AND c.id = t.change_id AND i.policy_id = p.id AND i.kind = 'issue'`,
    [policyId],
  );
}
