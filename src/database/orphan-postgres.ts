import fs from 'node:fs';
import path from 'node:path';

/**
 * Who started the embedded PostgreSQL in a data folder: the server's pid and its start time
 * (a pid alone may be reused by another process after a reboot or a long time). Kept beside
 * the cluster, so the next start can tell a live server's database from one left behind by a
 * server that died without stopping it (kill -9, the out-of-memory killer).
 */
interface Owner {
  pid: number;
  startTime: string;
}

const OWNER_FILE = 'embedded-postgres.owner.json';

/** The start time of a process (clock ticks after boot, /proc/<pid>/stat field 22), or undefined if gone. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return undefined;
    return fields[19];
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  return startTimeOf(pid) !== undefined;
}

export function recordOwner(dataDir: string): void {
  const owner: Owner = { pid: process.pid, startTime: startTimeOf(process.pid) ?? '' };
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), JSON.stringify(owner), { mode: 0o600 });
}

export function forgetOwner(dataDir: string): void {
  fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true });
}

function readOwner(dataDir: string): Owner | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, OWNER_FILE), 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

interface Postmaster {
  pid: number;
  /** The port it listens on (postmaster.pid's fourth line). */
  port: number;
}

/** The postmaster that postmaster.pid names, when it is alive and really serves `databaseDir`. */
function runningPostmaster(databaseDir: string): Postmaster | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  let cmdline: string;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
  // A pid reused by something else: Postgres itself treats the lock file as stale then.
  return cmdline.includes('postgres') && path.resolve(lines[1] ?? '') === path.resolve(databaseDir) ? { pid, port: Number(lines[3]) } : undefined;
}

/** The pid of the live process that started `postmaster` (another than this one), or undefined when it is gone. */
function liveOwnerOf(dataDir: string, postmaster: number): number | undefined {
  const owner = readOwner(dataDir);
  if (owner) return owner.pid !== process.pid && startTimeOf(owner.pid) === owner.startTime ? owner.pid : undefined;
  // Without an owner record (an older version), the postmaster's parent tells: the process
  // that spawned it, or init (1) once that process has died.
  const parent = parentOf(postmaster);
  return parent === undefined || parent === 1 ? undefined : parent;
}

/**
 * The embedded PostgreSQL that a live process (a running server) holds on this data folder:
 * its postmaster and port, for a command-line tool to connect to; undefined when none runs or
 * the one running was left by a process that is gone.
 */
export function heldPostmaster(dataDir: string, databaseDir: string): (Postmaster & { owner: number }) | undefined {
  const postmaster = runningPostmaster(databaseDir);
  const owner = postmaster && liveOwnerOf(dataDir, postmaster.pid);
  return postmaster && owner !== undefined ? { ...postmaster, owner } : undefined;
}

/**
 * Before starting the embedded cluster: if a postmaster is already running on this data
 * folder and the server that started it is gone, stop it (fast shutdown: it rolls back what
 * was in flight and writes everything committed), so this server can start its own. One that
 * belongs to a live server is left alone, and start-up stops with an error naming it.
 * Answers the pid of the orphan stopped, if any.
 */
export async function stopOrphanedPostmaster(dataDir: string, databaseDir: string): Promise<number | undefined> {
  const running = runningPostmaster(databaseDir);
  if (running === undefined) return undefined;
  const postmaster = running.pid;
  const owner = liveOwnerOf(dataDir, postmaster);
  if (owner !== undefined) {
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} belongs to a Meterly server that is still running (pid ${owner}). ` +
        'Stop that server first, or set DATA_DIR and EMBEDDED_PG_PORT for a second one.',
    );
  }
  // SIGCONT first in case it was stopped; SIGINT is Postgres's fast shutdown.
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(postmaster, 'SIGCONT');
      process.kill(postmaster, signal);
    } catch {
      // already gone
    }
    const deadline = Date.now() + waitMs;
    while (alive(postmaster) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (!alive(postmaster)) break;
  }
  // Its backends leave within moments of the postmaster; Postgres refuses to start while any holds shared memory.
  const deadline = Date.now() + 5_000;
  while (fs.existsSync(path.join(databaseDir, 'postmaster.pid')) && runningPostmaster(databaseDir) !== undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  forgetOwner(dataDir);
  return postmaster;
}
