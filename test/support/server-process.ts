import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const SERVER_MAIN = path.resolve(__dirname, '../../dist/server/src/main.js');

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * libfaketime's settings, passed on when the suite runs under it (`faketime -f +9h npx jest`) so
 * a spawned server keeps the same clock as the tests and the database: how the suite is tried at
 * the hours CI may run it.
 */
export function fakeTimeOf(parent: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parent).filter(([key, value]) => (key === 'LD_PRELOAD' || key.startsWith('FAKETIME')) && value !== undefined),
  ) as Record<string, string>;
}

/** Runs the built server (what `npm start` runs) with the given environment. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  return runNode([SERVER_MAIN], path.resolve(__dirname, '../..'), {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    ...fakeTimeOf(process.env),
    ...env,
  });
}

/** Stops the server with SIGTERM unless it has ended already: its exit code (null after a signal). */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  return server.exited;
}

/** Runs node with `args` from `cwd` with exactly the environment given, its output collected. */
export function runNode(args: string[], cwd: string, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Polls `url` until it answers 200, or fails after `timeoutMs`. */
export async function waitForOk(url: string, timeoutMs: number, server?: ServerProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (server && server.child.exitCode !== null) throw new Error(`Server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${server?.output() ?? ''}`);
}
