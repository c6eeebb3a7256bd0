import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { freePort, startChild, waitForOk } from './bench/processes.mjs';
import { makeCustomers } from './bench/signed-in.mjs';
const root = process.cwd();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-bench-'));
fs.chmodSync(dataDir, 0o755);
const [port, pgPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const app = startChild(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof2'] : []), path.join(root, 'dist/server/src/main.js')], { cwd: root, env: { ...process.env, APP_ENV: 'PRODUCTION', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', DATABASE_URL: '' } });
await waitForOk(`${base}/api/health`, 120_000, app);
const customers = await makeCustomers(base, `postgres://meterly:meterly-local@127.0.0.1:${pgPort}/meterly`);
const ticks = (pid) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); };
const pgPids = () => execSync(`pgrep -f "postgres.*${dataDir}" || true`).toString().trim().split('\n').filter(Boolean).map(Number);
const pgTicks = () => { let t = 0; for (const pid of execSync(`pgrep -f postgres || true`).toString().trim().split('\n').filter(Boolean).map(Number)) { try { t += ticks(pid); } catch {} } return t; };
for (const page of (process.env.PAGES ?? '/profile,/quote/application').split(',')) {
  for (let i = 0; i < 30; i++) await (await fetch(base + page, { headers: { cookie: customers[i % 5].cookie } })).text();
  const [a0, p0, t0] = [ticks(app.child.pid), pgTicks(), Date.now()];
  const N = Number(process.env.N ?? 200); let bytes = 0;
  for (let i = 0; i < N; i++) bytes += (await (await fetch(base + page, { headers: { cookie: customers[i % 5].cookie } })).arrayBuffer()).byteLength;
  const [a1, p1, t1] = [ticks(app.child.pid), pgTicks(), Date.now()];
  console.log(page, 'server CPU ms/req', ((a1 - a0) * 10 / N).toFixed(2), 'postgres CPU ms/req', ((p1 - p0) * 10 / N).toFixed(2), 'wall ms/req', ((t1 - t0) / N).toFixed(1), 'bytes', bytes / N);
}
await app.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
