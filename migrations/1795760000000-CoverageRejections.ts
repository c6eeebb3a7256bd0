import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, "Who chose a rejection": each coverage turned down in writing (uninsured motorist,
 * PIP: the `reject` answers of `coverage.choices`) gets a row saying who chose it (the customer,
 * or staff on their behalf and which staff user), when, how (web self-service or agent-assisted),
 * and when the named insured signed it. Kept per quote (a policy has exactly one quote), so the
 * record made on the coverage page follows the quote into its policy.
 *
 * Backfill, from what the rows already say:
 * - a policy with no staff user (bought by the customer on the web): the customer's choice, made
 *   when the coverage was confirmed (else the policy's creation), signed with the purchase
 *   signature (`signed_at`);
 * - a policy staff sold: who chose it was never recorded ('unknown', agent-assisted), and it is
 *   NOT signed: the customer's confirmation never showed it. A pending one must now be acknowledged;
 * - an open quote: the customer's (web) when no staff user started it, else 'unknown', unsigned.
 */
export class CoverageRejections1795760000000 implements MigrationInterface {
  name = 'CoverageRejections1795760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "coverage_rejections" (
        "quote_id" uuid NOT NULL REFERENCES "quotes" ("id") ON DELETE CASCADE,
        "coverage" text NOT NULL CHECK ("coverage" IN ('uninsuredMotorist', 'personalInjuryProtection')),
        "chosen_by" text NOT NULL CHECK ("chosen_by" IN ('customer', 'staff', 'unknown')),
        "staff_user_id" uuid REFERENCES "users" ("id"),
        "channel" text NOT NULL CHECK ("channel" IN ('web', 'agent-assisted')),
        "chosen_at" timestamptz NOT NULL,
        "signed_at" timestamptz,
        PRIMARY KEY ("quote_id", "coverage"),
        CONSTRAINT "coverage_rejections_staff_named" CHECK ("chosen_by" <> 'staff' OR "staff_user_id" IS NOT NULL)
      )`);
    await backfillCoverageRejections(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "coverage_rejections"`);
  }
}

/** The records of rejections saved before this migration (see above); a row already there is kept. */
export async function backfillCoverageRejections(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`
      INSERT INTO coverage_rejections (quote_id, coverage, chosen_by, staff_user_id, channel, chosen_at, signed_at)
      SELECT p.quote_id, c.key,
             CASE WHEN p.staff_user_id IS NULL THEN 'customer' ELSE 'unknown' END,
             NULL,
             CASE WHEN p.staff_user_id IS NULL THEN 'web' ELSE 'agent-assisted' END,
             coalesce(q.coverage_confirmed_at, p.created_at),
             CASE WHEN p.staff_user_id IS NULL THEN p.signed_at END
        FROM policies p
        JOIN quotes q ON q.id = p.quote_id
        CROSS JOIN LATERAL jsonb_each_text(coalesce(p.coverage::jsonb -> 'choices', '{}'::jsonb)) AS c(key, value)
       WHERE c.key IN ('uninsuredMotorist', 'personalInjuryProtection') AND c.value = 'reject'
      ON CONFLICT (quote_id, coverage) DO NOTHING`);
  await queryRunner.query(`
      INSERT INTO coverage_rejections (quote_id, coverage, chosen_by, staff_user_id, channel, chosen_at, signed_at)
      SELECT q.id, c.key,
             CASE WHEN q.staff_user_id IS NULL THEN 'customer' ELSE 'unknown' END,
             NULL,
             CASE WHEN q.staff_user_id IS NULL THEN 'web' ELSE 'agent-assisted' END,
             q.updated_at, NULL
        FROM quotes q
        CROSS JOIN LATERAL jsonb_each_text(coalesce(q.coverage::jsonb -> 'choices', '{}'::jsonb)) AS c(key, value)
       WHERE q.status = 'open' AND c.key IN ('uninsuredMotorist', 'personalInjuryProtection') AND c.value = 'reject'
         AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.quote_id = q.id)
      ON CONFLICT (quote_id, coverage) DO NOTHING`);
}
