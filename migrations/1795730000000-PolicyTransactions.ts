import { MigrationInterface, QueryRunner } from 'typeorm';
import { STATE_TIME_ZONES } from '../src/shared/dates/state-day';

/** The SQL for a state's time zone (the same table the code counts a policy's days in). */
const zoneOf = (state: string) =>
  `(CASE ${state} ${Object.entries(STATE_TIME_ZONES)
    .map(([code, zone]) => `WHEN '${code}' THEN '${zone}'`)
    .join(' ')} ELSE 'America/New_York' END)`;

/** The terms a policy row holds, as one JSON object (the shape a change's before and after keep, less its rating facts). */
const TERMS_OF_ROW = `jsonb_build_object('state', p.state, 'address', p.address, 'drivers', p.drivers, 'vehicles', p.vehicles,
  'coveragePackage', p.coverage_package, 'coverage', p.coverage, 'rateVersion', p.rate_version, 'baseRateCents', p.base_rate_cents)`;

/**
 * Issue 26: a policy is a chain of events, each effective at its own moment (the policy
 * administration systems' "policy transactions"). One row per event: what the policy's terms are
 * from its effective moment, when it was booked, who made it; an issue or a renewal also the
 * day its term ends. The policy as of a moment is the
 * last event effective by then (reversed ones skipped: an out-of-sequence change re-applies the
 * later ones as new rows). The `policies` row keeps identity, owner and the terms last booked
 * (the VIN trigger and staff searches read those); every page and document reads the terms of a
 * moment from here.
 *
 * Existing policies get their history back from what is known: the issue (the terms before their
 * first change, effective from the start of their first day, or from the moment they were bound
 * if later), each applied change from its day, and a cancellation from the day after the last
 * covered one.
 */
export class PolicyTransactions1795730000000 implements MigrationInterface {
  name = 'PolicyTransactions1795730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "policy_transactions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "policy_id" uuid NOT NULL REFERENCES "policies" ("id") ON DELETE CASCADE,
        "seq" int NOT NULL,
        "kind" text NOT NULL CHECK ("kind" IN ('issue', 'change', 'cancel', 'renew', 'non-renew', 'expire', 'lapse', 'reinstate')),
        "effective_date" date NOT NULL,
        "effective_at" timestamptz NOT NULL,
        "booked_at" timestamptz NOT NULL DEFAULT now(),
        "made_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "on_behalf_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "terms" jsonb NOT NULL,
        "term_end_date" date,
        "basis" jsonb,
        "change_id" uuid REFERENCES "policy_changes" ("id") ON DELETE SET NULL,
        "premium_cents" int,
        "reversed_at" timestamptz,
        "replaced_by" uuid REFERENCES "policy_transactions" ("id") ON DELETE SET NULL,
        UNIQUE ("policy_id", "seq")
      )`);
    // A change booked to take effect after a cancellation's day never does: voided, with its event reversed.
    await queryRunner.query(`ALTER TABLE "policy_changes" DROP CONSTRAINT "policy_changes_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "policy_changes" ADD CONSTRAINT "policy_changes_status_check" CHECK ("status" IN ('priced', 'applied', 'superseded', 'voided'))`,
    );
    // A policy not renewed at its term's end has expired.
    await queryRunner.query(`ALTER TABLE "policies" DROP CONSTRAINT "policies_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "policies" ADD CONSTRAINT "policies_status_check" CHECK ("status" IN ('pending-confirmation', 'active', 'cancelled', 'expired'))`,
    );
    await queryRunner.query(`CREATE INDEX "policy_transactions_in_force" ON "policy_transactions" ("policy_id", "effective_at") WHERE "reversed_at" IS NULL`);

    await queryRunner.query(`
      INSERT INTO policy_transactions (policy_id, seq, kind, effective_date, effective_at, booked_at, made_by, on_behalf_by, terms, term_end_date)
      SELECT p.id, 0, 'issue', p.effective_date,
             greatest(p.effective_date::timestamp AT TIME ZONE ${zoneOf('p.state')}, coalesce(p.bound_at, '-infinity')),
             coalesce(p.bound_at, p.created_at), p.user_id, p.staff_user_id,
             coalesce((SELECT c.before - 'basis' FROM policy_changes c WHERE c.policy_id = p.id AND c.status = 'applied'
                        ORDER BY c.base_revision LIMIT 1), ${TERMS_OF_ROW}), p.term_end_date
        FROM policies p`);
    await queryRunner.query(`
      INSERT INTO policy_transactions (policy_id, seq, kind, effective_date, effective_at, booked_at, made_by, on_behalf_by, terms, basis,
                                       change_id, premium_cents)
      SELECT c.policy_id, row_number() OVER (PARTITION BY c.policy_id ORDER BY c.base_revision), 'change', c.effective_date,
             greatest(c.effective_date::timestamp AT TIME ZONE ${zoneOf(`(c.before->>'state')`)}, i.effective_at),
             coalesce(c.applied_at, c.created_at), p.user_id, c.proposed_by, c.after - 'basis', c.after->'basis', c.id,
             (c.proration->>'amountCents')::int
        FROM policy_changes c JOIN policies p ON p.id = c.policy_id
        JOIN policy_transactions i ON i.policy_id = c.policy_id AND i.seq = 0
       WHERE c.status = 'applied'`);
    await queryRunner.query(`
      INSERT INTO policy_transactions (policy_id, seq, kind, effective_date, effective_at, booked_at, terms)
      SELECT p.id, (SELECT max(seq) + 1 FROM policy_transactions t WHERE t.policy_id = p.id), 'cancel', p.cancellation_date + 1,
             (p.cancellation_date + 1)::timestamp AT TIME ZONE ${zoneOf('p.state')}, coalesce(p.cancelled_at, now()), ${TERMS_OF_ROW}
        FROM policies p WHERE p.cancellation_date IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "policy_transactions"`);
    await queryRunner.query(`UPDATE "policies" SET "status" = 'cancelled' WHERE "status" = 'expired'`);
    await queryRunner.query(`ALTER TABLE "policies" DROP CONSTRAINT "policies_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "policies" ADD CONSTRAINT "policies_status_check" CHECK ("status" IN ('pending-confirmation', 'active', 'cancelled'))`,
    );
    await queryRunner.query(`UPDATE "policy_changes" SET "status" = 'superseded' WHERE "status" = 'voided'`);
    await queryRunner.query(`ALTER TABLE "policy_changes" DROP CONSTRAINT "policy_changes_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "policy_changes" ADD CONSTRAINT "policy_changes_status_check" CHECK ("status" IN ('priced', 'applied', 'superseded'))`,
    );
  }
}
