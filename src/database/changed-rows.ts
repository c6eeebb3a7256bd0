/**
 * What TypeORM's `query()` answers an UPDATE or DELETE with on Postgres: the rows it returned
 * (RETURNING, else none) and how many it changed. A SELECT or INSERT answers the rows alone,
 * typed as `query<Row[]>()`.
 */
export type ChangedRows<Row = never> = [rows: Row[], affected: number];
