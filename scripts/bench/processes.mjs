// Child processes for the bench: the production server and a bare node:http server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a child; `stop()` sends SIGTERM, then SIGKILL after 10 s. */
export function startChild(command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitForOk(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (child.child.exitCode !== null) throw new Error(`The server exited before answering:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/** A node:http server answering every request with the bytes of file BODY_FILE (run as a child). */
const BARE_SERVER = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.env.BODY_FILE);
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

/**
 * Starts a bare server answering `bytes` (pushed to `children`, to be stopped) and resolves to its
 * URL once it answers. The bytes go by a file in `dataDir`: a complete My account is larger than
 * one environment variable may be (E2BIG).
 */
export async function startBare(bytes, dataDir, children) {
  const port = await freePort();
  const file = path.join(dataDir, `bare-${port}.html`);
  fs.writeFileSync(file, bytes);
  const bare = startChild(process.execPath, ['-e', BARE_SERVER], { env: { PATH: process.env.PATH, PORT: String(port), BODY_FILE: file } });
  children.push(bare);
  await waitForOk(`http://127.0.0.1:${port}/`, 10_000, bare);
  return `http://127.0.0.1:${port}/`;
}

/**
 * The built server of checkout `root`, in production mode on loopback, on an embedded PostgreSQL
 * of its own in `dataDir`; `env` adds to (or overrides) the environment. Push `app` where it is
 * stopped before awaiting `ready()`, so a server that never answers is still stopped.
 */
export async function startBuiltServer(root, dataDir, env = {}) {
  const { embeddedUrl, EMBEDDED_DATABASE } = await import(path.join(root, 'dist/server/src/database/embedded-postgres.js'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROFILE=dir: the server writes a V8 CPU profile there when it stops (what guided each change).
  const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  const app = startChild(process.execPath, [...profile, path.join(root, 'dist/server/src/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'PRODUCTION',
      ...env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  return {
    app,
    base,
    // The server's own address for its embedded cluster (its socket), not a copy of it.
    databaseUrl: embeddedUrl(pgPort, EMBEDDED_DATABASE),
    ready: () => waitForOk(`${base}/api/health`, 120_000, app),
  };
}
