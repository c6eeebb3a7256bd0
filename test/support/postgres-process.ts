import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { runMigrations } from '../../src/database/run-migrations';
import { freePort } from './free-port';

const ROOT = path.resolve(__dirname, '../..');

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** A PostgreSQL of a test's own, in a child process it can stop and start again. */
export class PostgresProcess {
  private child?: ChildProcess;
  url = '';

  private constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PostgresProcess> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-pg-'));
    fs.chmodSync(dataDir, 0o755);
    const pg = new PostgresProcess(dataDir, await freePort());
    await pg.start();
    const dataSource = new DataSource(dataSourceOptions(pg.url));
    await dataSource.initialize();
    await runMigrations(dataSource);
    await dataSource.destroy();
    return pg;
  }

  start(): Promise<void> {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['test/support/pg-child.ts', this.dataDir, String(this.port)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk) => {
        out += chunk;
        const ready = /ready (\S+)/.exec(out);
        if (ready) {
          this.url = ready[1];
          resolve();
        }
      });
      child.stderr!.on('data', (chunk) => (out += chunk));
      child.on('exit', (code) => reject(new Error(`PostgreSQL exited (${code}):\n${out}`)));
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    // tsx runs the script in a process of its own: wait until PostgreSQL itself is gone.
    const deadline = Date.now() + 15_000;
    while ((await portAnswers(this.port)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async destroy(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
