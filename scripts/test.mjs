// `npm test`: the build, the static checks (types, lint and module rules, format) and jest. The
// checks run side by side; jest starts as soon as the build is done (its browser and SSR tests
// need dist/), while types and lint are still being checked. On CI's two cores the lint alone
// ran its last minute on one core while the other waited: jest now takes that core, with the
// whole run near its limit. Each check's output is kept and printed only if it failed, after
// jest's, so a failure still stands at the end. `--checks-only` stops before jest.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const checksOnly = process.argv.includes('--checks-only');
const jestArgs = process.argv.slice(2).filter((arg) => arg !== '--checks-only');

const CHECKS = [
  ['build', ['node', 'scripts/start.mjs', '--build-only']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['format', ['npm', 'run', '--silent', 'format:check']],
];

function run(name, [command, ...args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

/** jest with the terminal, as `npx jest` would have it; resolves to its exit code. */
function jest() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/jest/bin/jest.js'), ...jestArgs], { cwd: root, stdio: 'inherit' });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const checks = CHECKS.map(([name, command]) => run(name, command));
const [build] = checks;
const tests = build.then((result) => (result.code === 0 && !checksOnly ? jest() : 0));

const results = await Promise.all(checks);
const testsCode = await tests;
for (const { name, code, output, seconds } of results) {
  process.stdout.write(`${code === 0 ? '✔' : '✖'} ${name} (${seconds} s)\n`);
  if (code !== 0) process.stdout.write(output);
}
process.exit(results.some((result) => result.code !== 0) || testsCode !== 0 ? 1 : 0);
