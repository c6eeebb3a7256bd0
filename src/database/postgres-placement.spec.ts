import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterFolder, copyOnce } from './postgres-placement';

const ROOT = path.resolve(__dirname, '../..');

/** A package shaped as the binaries' one: package.json, dist, native (with a link), and a part not needed. */
function fakePackage(dir: string, files = 20): string {
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'native/bin'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'native/lib'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'native/share'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"version":"1.0.0"}');
  fs.writeFileSync(path.join(dir, 'dist/index.js'), 'export const postgres = "x";');
  fs.writeFileSync(path.join(dir, 'native/bin/postgres'), '#!/bin/sh\n');
  fs.chmodSync(path.join(dir, 'native/bin/postgres'), 0o775);
  fs.writeFileSync(path.join(dir, 'native/bin/initdb'), '#!/bin/sh\n');
  fs.chmodSync(path.join(dir, 'native/bin/initdb'), 0o700); // installed under umask 077
  fs.writeFileSync(path.join(dir, 'native/lib/libx.so.1.0'), 'lib');
  fs.chmodSync(path.join(dir, 'native/lib/libx.so.1.0'), 0o666);
  fs.chmodSync(path.join(dir, 'dist/index.js'), 0o600);
  fs.symlinkSync('libx.so.1.0', path.join(dir, 'native/lib/libx.so.1'));
  fs.writeFileSync(path.join(dir, 'scripts/hydrate.js'), '');
  for (let i = 0; i < files; i++) fs.writeFileSync(path.join(dir, `native/share/f${i}`), String(i).repeat(1000));
  fs.chmodSync(path.join(dir, 'native/share'), 0o777);
  return dir;
}

/** Every path under `dir` (relative), with its kind and mode. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub)).sort()) {
      const rel = path.join(sub, entry);
      const stat = fs.lstatSync(path.join(dir, rel));
      out.push(`${rel} ${stat.isSymbolicLink() ? `-> ${fs.readlinkSync(path.join(dir, rel))}` : (stat.mode & 0o7777).toString(8)} uid ${stat.uid}`);
      if (stat.isDirectory()) walk(rel);
    }
  };
  walk('');
  return out;
}

/**
 * As root, the PostgreSQL binaries are run from a copy root keeps where the postgres user can
 * reach it (postgres-placement.ts). The copy is made once, whole, by one process, and is used
 * only while nobody but root may change it.
 */
describe('The copy of the PostgreSQL binaries root runs them from', () => {
  let work: string;
  let store: string;
  let source: string;

  beforeEach(() => {
    expect(process.getuid?.()).toBe(0); // the case is root's; the tests run as root here and in CI
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-placement-'));
    store = path.join(work, 'store');
    fs.mkdirSync(store, { mode: 0o755 });
    fs.chmodSync(store, 0o755);
    source = fakePackage(path.join(work, 'package'));
  });

  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('holds package.json, dist and native only, all root’s, none of it writable by anyone else and all of it readable', () => {
    const copy = copyOnce(source, store, 'linux-x64-1.0.0');
    expect(copy).toBe(path.join(store, 'linux-x64-1.0.0'));
    const entries = listing(copy);
    expect(entries.filter((line) => !line.startsWith('native/share/f'))).toEqual([
      'dist 755 uid 0',
      'dist/index.js 644 uid 0',
      'native 755 uid 0',
      'native/bin 755 uid 0',
      'native/bin/initdb 755 uid 0',
      'native/bin/postgres 755 uid 0',
      'native/lib 755 uid 0',
      'native/lib/libx.so.1 -> libx.so.1.0 uid 0',
      'native/lib/libx.so.1.0 644 uid 0',
      'native/share 755 uid 0',
      'package.json 644 uid 0',
    ]);
    expect(fs.readdirSync(store)).toEqual(['linux-x64-1.0.0']);
  });

  it('is made once when four processes start at the same moment: one whole copy, no half-made folder left', async () => {
    fs.rmSync(source, { recursive: true });
    fakePackage(source, 1500);
    const go = path.join(work, 'go');
    const final = path.join(store, 'linux-x64-1.0.0');
    // Each process says it is ready, waits for the same signal, then says whether it found a copy and makes one.
    const script = `
      const fs = require('node:fs');
      console.log('ready');
      while (!fs.existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
      const found = fs.existsSync(${JSON.stringify(final)});
      require(${JSON.stringify(path.join(__dirname, 'postgres-placement.ts'))}).copyOnce(process.argv[1], process.argv[2], 'linux-x64-1.0.0');
      console.log(found ? 'found' : 'copied');`;
    const outputs: string[] = [];
    const runs = Array.from({ length: 4 }, (_, i) => {
      const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['-e', script, source, store], { stdio: ['ignore', 'pipe', 'pipe'] });
      outputs[i] = '';
      child.stdout.on('data', (chunk) => (outputs[i] += chunk));
      child.stderr.on('data', (chunk) => (outputs[i] += chunk));
      return new Promise<number | null>((resolve) => child.on('exit', resolve));
    });
    while (!outputs.every((output) => output.startsWith('ready'))) await new Promise((resolve) => setTimeout(resolve, 20));
    fs.writeFileSync(go, '');
    expect(await Promise.all(runs)).toEqual([0, 0, 0, 0]);
    // More than one made a copy at once (the case at stake); one copy was kept.
    expect(outputs.filter((output) => output.trim() === 'ready\ncopied').length).toBeGreaterThan(1);
    expect(fs.readdirSync(store)).toEqual(['linux-x64-1.0.0']);
    expect(listing(final)).toHaveLength(11 + 1500);
    expect(fs.readFileSync(path.join(final, 'native/share/f1499'), 'utf8')).toBe('1499'.repeat(1000));
  }, 60_000);

  it('drops a half-made copy left by a process that died, and makes a whole one', () => {
    const dead = path.join(store, '.linux-x64-1.0.0.999999999.abcd1234');
    fs.mkdirSync(path.join(dead, 'native'), { recursive: true });
    copyOnce(source, store, 'linux-x64-1.0.0');
    expect(fs.readdirSync(store)).toEqual(['linux-x64-1.0.0']);
  });

  it('is refused once anyone but root may change it, or a link in it leads out of it', () => {
    const copy = copyOnce(source, store, 'linux-x64-1.0.0');
    fs.chmodSync(path.join(copy, 'native/bin/postgres'), 0o775);
    expect(() => copyOnce(source, store, 'linux-x64-1.0.0')).toThrow(
      `${path.join(copy, 'native/bin/postgres')} is not root's alone; remove ${copy} to have it copied again.`,
    );
    fs.chmodSync(path.join(copy, 'native/bin/postgres'), 0o755);
    fs.chownSync(path.join(copy, 'dist/index.js'), 1, 1);
    expect(() => copyOnce(source, store, 'linux-x64-1.0.0')).toThrow(`${path.join(copy, 'dist/index.js')} is not root's alone`);
    fs.chownSync(path.join(copy, 'dist/index.js'), 0, 0);
    fs.symlinkSync('/tmp', path.join(copy, 'native/lib/out'));
    expect(() => copyOnce(source, store, 'linux-x64-1.0.0')).toThrow(`${path.join(copy, 'native/lib/out')} is not root's alone`);
  });
});

describe('Where the embedded cluster of a data folder is', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-cluster-'))));
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is DATA_DIR/pg, or where DATA_DIR/pg links to when root placed it elsewhere', () => {
    expect(clusterFolder(dataDir)).toBe(path.join(dataDir, 'pg'));
    fs.mkdirSync(path.join(dataDir, 'pg'));
    expect(clusterFolder(dataDir)).toBe(path.join(dataDir, 'pg'));
    fs.rmdirSync(path.join(dataDir, 'pg'));
    fs.symlinkSync('/var/lib/meterly/clusters/0123456789abcdef/pg', path.join(dataDir, 'pg'));
    expect(clusterFolder(dataDir)).toBe('/var/lib/meterly/clusters/0123456789abcdef/pg');
  });
});
