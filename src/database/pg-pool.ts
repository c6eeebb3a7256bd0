/** Injection token of the pg pool TypeORM holds, shared by the session store and the job queue. */
export const PG_POOL = Symbol('PG_POOL');
