import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { appConfig } from '../config/app-config';
import { EmbeddedPostgresHandle, shareOrStartEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';
import { EMBEDDED_POSTGRES_USE, type EmbeddedPostgresUse } from './embedded-postgres-use';
import type { AppConfig } from '../config/app-config';

/**
 * Where the database is: DATABASE_URL when set, otherwise an embedded PostgreSQL this
 * process starts on first use and stops on shutdown — or, in a command-line tool beside a
 * running server, that server's (embedded-postgres-use.ts), left as it is.
 */
@Injectable()
export class DatabaseLocator implements OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseLocator.name);
  private embedded?: Promise<EmbeddedPostgresHandle>;

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    @Optional() @Inject(EMBEDDED_POSTGRES_USE) private readonly use: EmbeddedPostgresUse = 'own',
  ) {}

  async url(): Promise<string> {
    if (this.config.databaseUrl) return this.config.databaseUrl;
    this.embedded ??= this.startEmbedded();
    return (await this.embedded).url;
  }

  private async startEmbedded(): Promise<EmbeddedPostgresHandle> {
    this.logger.log(`Starting the embedded PostgreSQL in ${this.config.dataDir}`);
    const start = this.use === 'share' ? shareOrStartEmbeddedPostgres : startEmbeddedPostgres;
    const handle = await start({
      dataDir: this.config.dataDir,
      port: this.config.embeddedPostgresPort,
      onLog: (message) => this.logger.debug(message.trim()),
      onNotice: (message) => this.logger.warn(message),
    });
    this.logger.log(`Embedded PostgreSQL ready on 127.0.0.1:${new URL(handle.url).port}`);
    return handle;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.embedded) await (await this.embedded).stop().catch(() => undefined);
  }
}
