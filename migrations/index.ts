import { CreateSessionTable1763800000000 } from './1763800000000-CreateSessionTable';

/** Every migration, oldest first: listed, not globbed, so ts (tests) and js (build) load the same set. */
export const MIGRATIONS = [CreateSessionTable1763800000000];
