import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables My account's page data reads (PageDataRegistry's /profile loaders), each with the
 * path from a row to the customers whose page shows it: `self` (the row's user alone: their
 * quotes, saved card, privacy choices and requests, which no household member's page shows), `user` (the row's user, and everyone
 * sharing a policy with them: a member's page shows the owner's name, card, quote), `policy` (the
 * policy's owner, its live members and its pending invitees), `claim` (its policy's), `email`
 * (the account invited at that address), `everyone` (a few staff rows many pages name: the
 * agent of a policy or a claim message).
 */
export const PAGE_DATA_TABLES: Readonly<Record<string, readonly string[]>> = {
  users: ['user:id'],
  quotes: ['self:user_id'],
  payment_charges: ['user:user_id'],
  payment_methods: ['self:user_id'],
  location_choices: ['self:user_id'],
  privacy_requests: ['self:user_id'],
  data_exports: ['self:user_id'],
  policies: ['policy:id', 'user:user_id'],
  policy_transactions: ['policy:policy_id'],
  policy_changes: ['policy:policy_id'],
  statements: ['policy:policy_id'],
  trips: ['policy:policy_id'],
  odometer_readings: ['policy:policy_id'],
  mile_disputes: ['policy:policy_id'],
  proof_links: ['policy:policy_id'],
  claims: ['policy:policy_id', 'user:user_id'],
  claim_events: ['claim:claim_id'],
  claim_photos: ['claim:claim_id'],
  claim_messages: ['claim:claim_id'],
  household_members: ['policy:policy_id', 'user:member_user_id', 'email:email'],
  agents: ['everyone:producer_id'],
};

/** The row that counts changes to what every page shows (`everyone`); its version is added to each customer's. */
export const EVERYONE = '00000000-0000-0000-0000-000000000000';

/**
 * Issue 29, My account's read model: a version per customer, bumped in the same transaction as
 * any write to a row their My account shows, so a page's data kept in the server can be checked
 * with one indexed read (src/modules/ssr/kept-page-data.ts). A statement-level trigger per table
 * and operation, over its transition tables: a bulk write (the billing job) bumps each customer
 * once per statement, not once per row. Each bump is one statement in user id order, so two
 * transactions bumping the same customers in one statement each lock their rows in the same
 * order. No foreign key to users: a counter holds nothing of the person (user-data-decisions.ts).
 */
export class PageDataVersions1795880000000 implements MigrationInterface {
  name = 'PageDataVersions1795880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "page_data_versions" ("user_id" uuid PRIMARY KEY, "version" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "page_data_versions" ("user_id", "version") VALUES ('${EVERYONE}', 1)`);
    // Everyone whose page shows something of the policies: owner, live members, pending invitees.
    await queryRunner.query(`
      CREATE FUNCTION page_data_policy_people(p_policies uuid[]) RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
        SELECT p.user_id FROM policies p WHERE p.id = ANY(p_policies)
        UNION SELECT h.member_user_id FROM household_members h
         WHERE h.policy_id = ANY(p_policies) AND h.removed_at IS NULL AND h.member_user_id IS NOT NULL
        UNION SELECT u.id FROM household_members h JOIN users u ON lower(u.email) = h.email
         WHERE h.policy_id = ANY(p_policies) AND h.removed_at IS NULL AND h.accepted_at IS NULL
      $$`);
    // The users, and everyone sharing a policy with them (as owner, member or invitee).
    await queryRunner.query(`
      CREATE FUNCTION page_data_user_people(p_users uuid[]) RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
        SELECT unnest(p_users)
        UNION SELECT page_data_policy_people(array(
          SELECT p.id FROM policies p WHERE p.user_id = ANY(p_users)
          UNION SELECT h.policy_id FROM household_members h WHERE h.member_user_id = ANY(p_users) AND h.removed_at IS NULL))
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION page_data_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        path text;
        kind text;
        col text;
        rows_sql text;
        keys text[];
        people uuid[] := '{}';
      BEGIN
        rows_sql := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
          WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
          ELSE 'SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows' END;
        FOREACH path IN ARRAY TG_ARGV LOOP
          kind := split_part(path, ':', 1);
          col := split_part(path, ':', 2);
          EXECUTE format('SELECT array_agg(DISTINCT r.%I::text) FROM (%s) r WHERE r.%I IS NOT NULL', col, rows_sql, col) INTO keys;
          CONTINUE WHEN keys IS NULL;
          IF kind = 'everyone' THEN
            people := people || '${EVERYONE}'::uuid;
          ELSIF kind = 'user' THEN
            people := people || array(SELECT page_data_user_people(keys::uuid[]));
          ELSIF kind = 'policy' THEN
            people := people || array(SELECT page_data_policy_people(keys::uuid[]));
          ELSIF kind = 'claim' THEN
            people := people || array(SELECT page_data_policy_people(array(SELECT c.policy_id FROM claims c WHERE c.id = ANY(keys::uuid[]))));
          ELSIF kind = 'email' THEN
            people := people || array(SELECT u.id FROM users u WHERE lower(u.email) = ANY(keys));
          ELSE
            RAISE EXCEPTION 'page_data_bump: unknown path %', path;
          END IF;
        END LOOP;
        INSERT INTO page_data_versions AS v (user_id, version)
          SELECT DISTINCT id, 1 FROM unnest(people) id WHERE id IS NOT NULL ORDER BY id
          ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
        RETURN NULL;
      END $$`);
    // The row's user alone, in static SQL (no path to interpret): the re-price's UPDATE of a quote
    // took twice as long with the general function (2.0 vs 1.0 ms a statement, measured), as
    // would every other write a customer makes to their own rows.
    await queryRunner.query(`
      CREATE FUNCTION page_data_bump_self() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO page_data_versions AS v (user_id, version)
            SELECT DISTINCT user_id, 1 FROM new_rows WHERE user_id IS NOT NULL ORDER BY 1
            ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO page_data_versions AS v (user_id, version)
            SELECT DISTINCT user_id, 1 FROM old_rows WHERE user_id IS NOT NULL ORDER BY 1
            ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
        ELSE
          INSERT INTO page_data_versions AS v (user_id, version)
            SELECT user_id, 1 FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) r WHERE user_id IS NOT NULL ORDER BY 1
            ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
        END IF;
        RETURN NULL;
      END $$`);
    for (const [table, paths] of Object.entries(PAGE_DATA_TABLES)) {
      const self = paths.length === 1 && paths[0] === 'self:user_id';
      const args = self ? '' : paths.map((path) => `'${path}'`).join(', ');
      const fn = self ? 'page_data_bump_self' : 'page_data_bump';
      await queryRunner.query(
        `CREATE TRIGGER "${table}_page_data_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${args})`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_page_data_update" AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${args})`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_page_data_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${args})`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(PAGE_DATA_TABLES)) {
      for (const op of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_page_data_${op}" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION page_data_bump_self()`);
    await queryRunner.query(`DROP FUNCTION page_data_bump()`);
    await queryRunner.query(`DROP FUNCTION page_data_user_people(uuid[])`);
    await queryRunner.query(`DROP FUNCTION page_data_policy_people(uuid[])`);
    await queryRunner.query(`DROP TABLE "page_data_versions"`);
  }
}
