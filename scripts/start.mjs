// `npm start`: build when dist/ is missing or stale, then serve. `--build-only` stops after the build.
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale, markBuilt } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildOnly = process.argv.includes('--build-only');

if (buildIsStale(root)) {
  process.stdout.write('Building Meterly (server, browser bundle, server renderer)…\n');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  markBuilt(root);
}
if (!buildOnly) {
  const server = spawn(process.execPath, [path.join(root, 'dist/server/src/main.js')], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
