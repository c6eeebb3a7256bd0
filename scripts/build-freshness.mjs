import fs from 'node:fs';
import path from 'node:path';

/**
 * Inputs whose change means the build in dist/ is stale. test/unit/build-freshness.spec.ts
 * checks each exists and that every config file at the root the build reads is listed.
 */
export const INPUTS = [
  'src',
  'migrations',
  'scripts',
  'public',
  'index.html',
  'vite.config.mts',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.server.json',
  'tsconfig.client.json',
];
export const STAMP = 'dist/.build-stamp';

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** True when dist/ is missing or older than any input. */
export function buildIsStale(root) {
  const stamp = path.join(root, STAMP);
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}

export function markBuilt(root) {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, STAMP), new Date().toISOString());
}
