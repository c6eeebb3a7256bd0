import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * As root, the embedded PostgreSQL runs as the `postgres` system user, which must be able to
 * enter every folder on the way to the binaries and to the cluster. postgres-placement.ts
 * copies or makes them elsewhere when it cannot; this finds the first folder it cannot enter.
 */

export interface PostgresUser {
  uid: number;
  gids: number[];
}

export function postgresUser(): PostgresUser | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gids = execFileSync('id', ['-G', 'postgres'], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
    return { uid, gids };
  } catch {
    return undefined; // created at the first initialise; until then it is "another user"
  }
}

/** Whether `user` may enter (search) the folder: the owner's, the group's or everyone's x bit. */
function canEnter(dir: string, user: PostgresUser | undefined): boolean {
  const stat = fs.statSync(dir);
  if (user && stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (user && user.gids.includes(stat.gid)) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * The first folder from / down to `target` that `user` cannot enter; `target` itself is left
 * out when `includeTarget` is false (the data folder, which initialise gives to postgres).
 * A part of the path not made yet is skipped: it will be made by root with mode 755.
 */
export function firstClosedFolder(target: string, user: PostgresUser | undefined, includeTarget: boolean): string | undefined {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  const last = includeTarget ? parts.length : parts.length - 1;
  for (let i = 0; i < last; i++) {
    const dir = path.sep + parts.slice(0, i + 1).join(path.sep);
    if (!fs.existsSync(dir)) return undefined;
    if (fs.statSync(dir).isDirectory() && !canEnter(dir, user)) return dir;
  }
  return undefined;
}

/**
 * One line saying what is wrong and what to do, when running as root and the postgres user
 * cannot reach the cluster folder; undefined when it can (or we are not root). It can still
 * fail only for a cluster made before in DATA_DIR/pg, since a database is never moved.
 */
export function postgresUserCannotReach(databaseDir: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const closed = firstClosedFolder(databaseDir, postgresUser(), false);
  if (!closed) return undefined;
  const mode = (fs.statSync(closed).mode & 0o777).toString(8);
  return (
    `The embedded PostgreSQL runs as the system user "postgres" when started as root, and it cannot enter ${closed} (mode ${mode}) to reach the database already in ${databaseDir}, which is never moved. ` +
    `Let other users enter ${closed} (chmod o+x), or move the checkout and DATA_DIR where they can (e.g. /srv/meterly); or run npm start as a regular user; or set DATABASE_URL to an external PostgreSQL.`
  );
}
