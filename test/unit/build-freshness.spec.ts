import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
/**
 * The files at the root that the build reads: a change to any of them must rebuild. The plain
 * tsconfig.json is the editor's and `npm run typecheck`'s; no build step reads it.
 */
const BUILD_CONFIG = /^(vite\.config\.[cm]?[jt]s|tsconfig\.[a-z]+\.json|index\.html|package(-lock)?\.json)$/;

describe('build freshness inputs', () => {
  let inputs: string[];

  beforeAll(() => {
    // An ES module script, which jest's CommonJS runtime cannot import: read by node itself.
    const script = `import('./scripts/build-freshness.mjs').then((m) => process.stdout.write(JSON.stringify(m.INPUTS)))`;
    inputs = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' })) as string[];
  });

  it('lists only files and folders that exist', () => {
    expect(inputs.filter((input) => !fs.existsSync(path.join(ROOT, input)))).toEqual([]);
  });

  it('lists every build configuration file at the root', () => {
    const configs = fs.readdirSync(ROOT).filter((name) => BUILD_CONFIG.test(name));
    expect(configs.filter((name) => !inputs.includes(name))).toEqual([]);
  });
});
