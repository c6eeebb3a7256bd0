import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ReactBuild, reactBuildInUse } from '../ssr';

/** Liveness: the process answers. Nothing in it is read from the database. */
export interface Liveness {
  status: 'ok';
  uptimeSeconds: number;
  /** Which React build renders pages: an operator's check that a deploy is not running the slow development build. */
  renderer: ReactBuild;
}

/** Readiness: liveness, and whether the database answers. */
export interface Health extends Liveness {
  database: 'up' | 'down';
}

const DATABASE_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * For a balancer: what this process can serve without its database (open pages from memory,
   * the estimate) keeps it in service through a database blip, so it asks nothing of it.
   */
  live(): Liveness {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()), renderer: reactBuildInUse() };
  }

  /** For alerts: liveness and whether the database answers within two seconds. */
  async ready(): Promise<Health> {
    return { ...this.live(), database: (await this.databaseAnswers()) ? 'up' : 'down' };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS)));
    const query = this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([query, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
