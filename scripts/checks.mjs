// `npm test`'s first half: the build and the static checks (types, lint and module rules, format)
// side by side instead of one after another (on CI's two cores: about half the time, with the
// whole run near its limit). Each one's output is kept and printed only if it fails, in a fixed
// order, so a failure reads as it did when they ran in turn.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

const results = await Promise.all(CHECKS.map(([name, command]) => run(name, command)));
for (const { name, code, output, seconds } of results) {
  process.stdout.write(`${code === 0 ? '✔' : '✖'} ${name} (${seconds} s)\n`);
  if (code !== 0) process.stdout.write(output);
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
