import { spawn } from 'node:child_process';
import path from 'node:path';
import { fakeTimeOf } from './server-process';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Runs one of the built command-line tools (dist/server/scripts/<name>.js) against a database:
 * DATABASE_URL, or with `databaseUrl` undefined the embedded one that `env`'s DATA_DIR names.
 */
export function runCli(
  name: 'sessions' | 'staff' | 'migrate' | 'billing',
  databaseUrl: string | undefined,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, `dist/server/scripts/${name}.js`), ...args], {
      env: { PATH: process.env.PATH ?? '', ...(databaseUrl !== undefined && { DATABASE_URL: databaseUrl }), ...fakeTimeOf(process.env), ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => resolve({ code, out }));
  });
}
