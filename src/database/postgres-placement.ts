import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstClosedFolder, postgresUser } from './postgres-reachability';

/**
 * As root, the embedded PostgreSQL runs as the `postgres` system user, which cannot enter a
 * checkout under /root or in a `mktemp -d` folder (mode 700). Rather than refuse, root places
 * what that user must reach under PLACE, a root-owned folder every user may enter but only
 * root may write:
 * - the binaries: a copy of the package that holds them, once per platform and version, in
 *   PLACE/embedded-postgres/<platform>-<version> (made under a temporary name and renamed, so
 *   two processes at once never see half a copy), checked on every use to be root's alone;
 * - the cluster: PLACE/clusters/<hash of DATA_DIR>/pg, owned by postgres, with DATA_DIR/pg a
 *   symbolic link to it, so the same DATA_DIR finds it again wherever the checkout is moved.
 * A regular user's start, or root's in folders postgres can enter, is left as it was.
 */
export const PLACE = '/var/lib/meterly';

const isRoot = () => process.getuid?.() === 0;

/** The package that holds the PostgreSQL binaries, resolved as embedded-postgres resolves it. */
function binariesPackage(): string {
  const fromEmbeddedPostgres = require.resolve('embedded-postgres');
  const entry = require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`, { paths: [path.dirname(fromEmbeddedPostgres)] });
  return path.resolve(entry, '..', '..'); // <package>/dist/index.js
}

/**
 * Where the embedded PostgreSQL should run its binaries from: undefined to run them where the
 * package is (not root, or the postgres user can reach them there); otherwise the root-owned
 * copy of the package, made now if this version has none yet.
 */
export function placeBinaries(): string | undefined {
  if (!isRoot()) return undefined;
  const packageDir = binariesPackage();
  if (!firstClosedFolder(path.join(packageDir, 'native', 'bin'), postgresUser(), true)) return undefined;
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const name = `${os.platform()}-${os.arch()}-${version.replace(/[^\w.-]/g, '_')}`;
  return copyOnce(packageDir, rootOnlyFolder(path.join(PLACE, 'embedded-postgres')), name);
}

/** `store/name`: the copy of `packageDir`, made now if there is none, and checked to be root's alone. */
export function copyOnce(packageDir: string, store: string, name: string): string {
  const copy = path.join(store, name);
  if (!fs.existsSync(copy)) copyPackage(packageDir, store, name);
  assertRootOnly(copy);
  return copy;
}

/** Makes `dir` (mode 755, whatever the umask) if missing and checks that it is root's alone and open to enter. */
function rootOnlyFolder(dir: string): string {
  if (path.dirname(dir) !== dir && !fs.existsSync(path.dirname(dir))) rootOnlyFolder(path.dirname(dir));
  try {
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o755);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw placeError(dir, error);
  }
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0 || (stat.mode & 0o005) !== 0o005) {
    throw new Error(
      `${dir} must be a folder that root owns, only root may write and everyone may enter (755): the embedded PostgreSQL's binaries and data are placed there when started as root.`,
    );
  }
  return dir;
}

function placeError(dir: string, error: unknown): Error {
  return new Error(
    `The embedded PostgreSQL runs as the system user "postgres" when started as root, and the checkout is closed to that user; ` +
      `placing its binaries and data in ${dir} failed (${error instanceof Error ? error.message : String(error)}). ` +
      'Put the checkout where other users can enter (e.g. /srv/meterly), run npm start as a regular user, or set DATABASE_URL to an external PostgreSQL.',
    { cause: error },
  );
}

/**
 * Copies the package's package.json, dist and native into store/name: into a temporary folder
 * first, made root's alone (no write for group or others), then renamed into place in one
 * step. When another process renamed its copy first, ours is dropped and theirs is used.
 */
function copyPackage(packageDir: string, store: string, name: string): void {
  // Copies of this name left by a process that died mid-way.
  for (const entry of fs.readdirSync(store)) {
    const pid = Number(new RegExp(`^\\.${name.replace(/\./g, '\\.')}\\.(\\d+)\\.`).exec(entry)?.[1]);
    if (pid && !processAlive(pid)) fs.rmSync(path.join(store, entry), { recursive: true, force: true });
  }
  const temporary = path.join(store, `.${name}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`);
  try {
    fs.mkdirSync(temporary);
    for (const part of ['package.json', 'dist', 'native']) {
      fs.cpSync(path.join(packageDir, part), path.join(temporary, part), { recursive: true, verbatimSymlinks: true });
    }
    closeToOthers(temporary);
    fs.renameSync(temporary, path.join(store, name));
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ENOTEMPTY' || code === 'EEXIST') && fs.existsSync(path.join(store, name))) return;
    throw placeError(store, error);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Every folder 755, every file 755 or 644 (as its owner may run it or not): root's to change, everyone's to read. */
function closeToOthers(dir: string): void {
  fs.chownSync(dir, 0, 0);
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) closeToOthers(full);
    else if (entry.isSymbolicLink()) fs.lchownSync(full, 0, 0);
    else {
      fs.chownSync(full, 0, 0);
      fs.chmodSync(full, fs.statSync(full).mode & 0o100 ? 0o755 : 0o644);
    }
  }
}

/**
 * The copy is used only when everything in it is root's and none of it may be written by
 * anyone else (the postgres user included), and its links stay inside it.
 */
function assertRootOnly(dir: string, top = dir): void {
  const check = (full: string, stat: fs.Stats) => {
    const linkLeaves = stat.isSymbolicLink() && !path.resolve(path.dirname(full), fs.readlinkSync(full)).startsWith(top + path.sep);
    if (stat.uid !== 0 || (!stat.isSymbolicLink() && (stat.mode & 0o022) !== 0) || linkLeaves) {
      throw new Error(`${full} is not root's alone; remove ${top} to have it copied again.`);
    }
  };
  check(dir, fs.lstatSync(dir));
  for (const entry of fs.readdirSync(dir)) {
    const full = path.join(dir, entry);
    const stat = fs.lstatSync(full);
    if (stat.isDirectory()) assertRootOnly(full, top);
    else check(full, stat);
  }
}

/** The folder of the embedded cluster of `dataDir`: DATA_DIR/pg, or where that link points. */
export function clusterFolder(dataDir: string): string {
  const link = path.join(dataDir, 'pg');
  try {
    return path.resolve(dataDir, fs.readlinkSync(link));
  } catch {
    return link; // not a link (a folder, or not made yet)
  }
}

/**
 * The folder to keep the cluster in, for a start. As root, when DATA_DIR/pg is not made yet
 * and the postgres user cannot enter DATA_DIR, it is made in PLACE/clusters (keyed by DATA_DIR's
 * real path; a note there names it) with DATA_DIR/pg linking to it. A cluster already in
 * DATA_DIR/pg stays there: a database is never moved.
 */
export function placeCluster(dataDir: string): string {
  const current = clusterFolder(dataDir);
  const link = path.join(dataDir, 'pg');
  if (!isRoot() || current !== link || fs.existsSync(link)) return current;
  if (!firstClosedFolder(link, postgresUser(), false)) return current;
  const real = fs.realpathSync(dataDir);
  const home = rootOnlyFolder(path.join(PLACE, 'clusters', crypto.createHash('sha256').update(real).digest('hex').slice(0, 16)));
  fs.writeFileSync(path.join(home, 'data-dir'), `${real}\n`, { mode: 0o600 }); // for root, who may remove it with the checkout
  const cluster = path.join(home, 'pg');
  try {
    fs.symlinkSync(cluster, link);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw placeError(home, error);
    return clusterFolder(dataDir); // another start made it first
  }
  return cluster;
}
