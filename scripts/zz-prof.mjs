import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startChild, waitForOk } from './bench/processes.mjs';
import { makeCustomers, measureSignedIn } from './bench/signed-in.mjs';
const root = path.resolve('.');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-prof-'));
fs.chmodSync(dataDir, 0o755);
const [port, pgPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const app = startChild(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', path.join(root, 'dist/server/src/main.js')], {
  cwd: root,
  env: { ...process.env, APP_ENV: 'PRODUCTION', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', DATABASE_URL: '' },
});
const databaseUrl = `postgres://meterly:meterly-local@127.0.0.1:${pgPort}/meterly`;
await waitForOk(`${base}/api/health`, 120_000, app);
const customers = await makeCustomers(base, databaseUrl);
const res = await measureSignedIn(base, customers, app.child.pid, { connections: Number(process.env.CONN || 50), seconds: 8, warmupSeconds: 2, runs: 1 });
console.log(JSON.stringify(res.rows.map((r) => [r.label, r.requestsPerSecond, r.p99, r.completeShare])));
await app.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
