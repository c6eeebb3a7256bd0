// `npm run dev`: the server recompiled on change (tsc --watch) and restarted (node --watch),
// pages and the browser bundle served through Vite's middleware with hot reload.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (args, env = {}) => spawn(args[0], args.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

const first = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  run(['npx', 'tsc', '-p', 'tsconfig.server.json', '--watch', '--preserveWatchOutput']),
  run([process.execPath, '--watch-path=dist/server', 'dist/server/src/main.js'], {
    APP_ENV: process.env.APP_ENV || 'DEVELOPMENT',
    VITE_DEV_SERVER: 'true',
  }),
];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
