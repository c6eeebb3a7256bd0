import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { runMigrations } from '../../src/database/run-migrations';
import { freePort, portIsOpen } from './free-port';

const ROOT = path.resolve(__dirname, '../..');

/** Signals a process that may have ended meanwhile. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
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
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const ready = /ready (\S+)/.exec(out);
        if (ready) {
          this.url = ready[1];
          resolve();
        }
      });
      child.stderr.on('data', (chunk) => (out += chunk));
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
    while ((await portIsOpen(this.port)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** The postmaster and every process it started (backends, checkpointer, …), from /proc. */
  pids(): number[] {
    const pidFile = path.join(this.dataDir, 'pg', 'postmaster.pid');
    if (!fs.existsSync(pidFile)) return [];
    const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    const children: number[] = [];
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // Field 4 of /proc/<pid>/stat, after the parenthesised name, is the parent's pid.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent === postmaster) children.push(Number(entry));
      } catch {
        // gone meanwhile
      }
    }
    return [postmaster, ...children];
  }

  /** Freezes the whole cluster (SIGSTOP), as a hung host or a paused VM would. */
  freeze(): void {
    for (const pid of this.pids()) signal(pid, 'SIGSTOP');
  }

  thaw(): void {
    for (const pid of this.pids()) signal(pid, 'SIGCONT');
  }

  /** SIGKILL of PostgreSQL itself (postmaster and backends), as the OOM killer would do it. */
  async kill(): Promise<void> {
    const pids = this.pids();
    for (const pid of pids) signal(pid, 'SIGCONT');
    for (const pid of pids) signal(pid, 'SIGKILL');
    this.child?.kill('SIGKILL');
    const deadline = Date.now() + 15_000;
    const alive = () => pids.some((pid) => fs.existsSync(`/proc/${pid}`) && !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '));
    while ((alive() || (await portIsOpen(this.port))) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async destroy(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
