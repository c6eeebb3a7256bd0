import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { waitForOk } from '../../support/server-process';

const ROOT = path.resolve(__dirname, '../../..');

describe('npm start renders with React production build', () => {
  jest.setTimeout(120_000);

  it('serves pages rendered by the production build when nothing sets NODE_ENV', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-react-build-'));
    fs.chmodSync(dataDir, 0o755);
    const port = await freePort();
    // What `npm start` runs, with no NODE_ENV in the environment (jest's own "test" left out).
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        PORT: String(port),
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForOk(`${base}/api/health`, 90_000);
      expect((await fetch(`${base}/about-us`)).status).toBe(200);
      const health = (await (await fetch(`${base}/api/health`)).json()) as { payload: { renderer: string } };
      expect(health.payload.renderer).toBe('production');
    } finally {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
