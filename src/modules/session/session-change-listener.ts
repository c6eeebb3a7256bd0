import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { DeadlineClient } from '../../database/deadline-client';
import { PG_POOL } from '../../database/pg-pool';
import { SessionReadCache } from './session-read-cache';
import type { Client, Notification, Pool, PoolConfig } from 'pg';

/** The channel the `session` table's trigger sends a changed row's id on (migration SessionChangeNotices); `*`: all. */
export const SESSION_CHANGED_CHANNEL = 'session_changed';
/** How often the listener's connection is asked to answer (SessionReadCache serves only while it does). */
const HEARTBEAT_MS = 1_000;
/** Before listening again after the connection was lost: the database has a moment to come back. */
const RECONNECT_MS = 1_000;
/** How the listener's connection is named in pg_stat_activity (an operator, a test, can find it). */
export const LISTENER_APPLICATION_NAME = 'meterly-session-listener';

/**
 * The session reads kept for the pages behind sign-in (SessionReadCache), and the connection that
 * keeps them true: one per process, LISTENing on `session_changed`, forgetting a session when its
 * row changes, and asked `SELECT 1` each second so that a connection gone quiet (a database
 * frozen, a network cut) stops the serving within LISTENER_FRESH_MS. Lost, it is opened again
 * after a second; until it listens again nothing is served from memory. Opened at the first
 * page's read (a command-line tool opens none); `SESSION_READ_CACHE=off` opens none and serves nothing.
 */
@Injectable()
export class SessionReads implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SessionReads');
  /** The connection listening, or being opened to listen: only its loss opens another. */
  private client?: DeadlineClient;
  private heartbeat?: NodeJS.Timeout;
  private reconnect?: NodeJS.Timeout;
  /** The connection whose heartbeat is awaiting its answer (one at a time; a lost one's late answer changes nothing). */
  private beating?: DeadlineClient;
  private stopped = false;

  constructor(
    readonly cache: SessionReadCache,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(appConfig.KEY) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.sessionReadCache) this.cache.whenFirstRead(() => void this.listen());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.lost(client);
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const options = (this.pool as unknown as { options: PoolConfig }).options;
    const client = new DeadlineClient({ ...options, application_name: LISTENER_APPLICATION_NAME });
    this.client = client;
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (notice: Notification) => this.noticed(notice));
    try {
      await client.connect();
      await (client as Client).query(`LISTEN ${SESSION_CHANGED_CHANNEL}`);
    } catch {
      this.lost(client);
      client.end().catch(() => undefined);
      return;
    }
    if (this.stopped || this.client !== client) return void client.end().catch(() => undefined);
    this.cache.listenerUp();
    this.heartbeat = setInterval(() => this.beat(client), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private noticed(notice: Notification): void {
    this.cache.heard();
    if (notice.channel !== SESSION_CHANGED_CHANNEL) return;
    if (!notice.payload || notice.payload === '*') this.cache.forgetAll();
    else this.cache.forget(notice.payload);
  }

  private beat(client: DeadlineClient): void {
    if (this.beating === client) return;
    this.beating = client;
    (client as Client).query('SELECT 1').then(
      () => {
        if (this.beating === client) this.beating = undefined;
        if (this.client === client) this.cache.heard();
      },
      () => {
        if (this.beating === client) this.beating = undefined;
        this.lost(client);
        client.end().catch(() => undefined);
      },
    );
  }

  /** The connection failed or ended: nothing is served until a new one listens. */
  private lost(client: DeadlineClient | undefined): void {
    if (!client || client !== this.client) return;
    const wasServing = this.cache.serving();
    this.client = undefined;
    clearInterval(this.heartbeat);
    this.cache.listenerDown();
    if (this.stopped) return;
    if (wasServing) this.logger.warn('Session change notices lost: sessions are read from the database until they are back');
    clearTimeout(this.reconnect);
    this.reconnect = setTimeout(() => void this.listen(), RECONNECT_MS);
    this.reconnect.unref();
  }
}
