import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { SERVER_MAIN, waitForOk } from '../../support/server-process';

/** The built server run in a pseudo-terminal (util-linux `script`), as `npm start` by hand is. */
function startInTerminal(env: Record<string, string>) {
  const child = spawn('script', ['-qfec', `${JSON.stringify(process.execPath)} ${JSON.stringify(SERVER_MAIN)}`, '/dev/null'], {
    cwd: path.resolve(__dirname, '../../..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', TERM: 'dumb', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The server itself, the child of `script`: signalled directly so it shuts down cleanly. */
function serverPid(scriptPid: number): number {
  const children = fs.readFileSync(`/proc/${scriptPid}/task/${scriptPid}/children`, 'utf8').trim().split(/\s+/);
  return Number(children[0]);
}

describe('npm start in a terminal', () => {
  jest.setTimeout(120_000);

  it('prints a few readable lines, not JSON, and ends with the address and how to sign in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-tty-'));
    fs.chmodSync(dataDir, 0o755);
    const port = await freePort();
    const server = startInTerminal({ PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info' });
    try {
      await waitForOk(`http://127.0.0.1:${port}/api/health`, 90_000);
      const address = `http://localhost:${port}`;
      // The ready lines are written after listening: wait for them to reach the terminal.
      const deadline = Date.now() + 10_000;
      while (!server.output().includes('/dev/mailbox') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const lines = server
        .output()
        // eslint-disable-next-line no-control-regex -- the escape character is what colours a terminal line
        .replace(/\x1b\[[0-9;]*m/g, '')
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '');
      expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
      expect(server.output()).not.toMatch(/dependencies initialized|Mapped \{|Starting Nest application/);
      expect(lines.length).toBeLessThanOrEqual(10);
      expect(lines[lines.length - 2]).toContain(`Meterly is serving on ${address}`);
      expect(lines[lines.length - 1]).toContain(`${address}/dev/mailbox`);
    } finally {
      process.kill(serverPid(server.child.pid!), 'SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
