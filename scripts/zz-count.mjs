import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startChild, waitForOk } from './bench/processes.mjs';
import { makeCustomers } from './bench/signed-in.mjs';
const root = path.resolve('.');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-prof-'));
fs.chmodSync(dataDir, 0o755);
const [port, pgPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const app = startChild(process.execPath, ['-r', '/tmp/prof/count-queries.cjs', path.join(root, 'dist/server/src/main.js')], {
  cwd: root,
  env: { ...process.env, APP_ENV: 'PRODUCTION', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', DATABASE_URL: '' },
});
const databaseUrl = `postgres://meterly:meterly-local@127.0.0.1:${pgPort}/meterly`;
await waitForOk(`${base}/api/health`, 120_000, app);
const customers = await makeCustomers(base, databaseUrl);
await new Promise((r) => setTimeout(r, 3000));
process.kill(app.child.pid, 'SIGUSR1');
const N = 10;
for (let i = 0; i < N; i++) await (await fetch(`${base}/profile`, { headers: { cookie: customers[i % 5].cookie } })).text();
process.kill(app.child.pid, 'SIGUSR2');
await new Promise((r) => setTimeout(r, 500));
console.log(fs.readFileSync('/tmp/prof/queries.txt', 'utf8').split('\n').slice(0, 200).join('\n'));
await app.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
