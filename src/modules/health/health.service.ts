import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { reactBuildInUse, type ReactBuild } from '../ssr/react-build';

export interface Health {
  status: 'ok';
  database: 'up' | 'down';
  uptimeSeconds: number;
  /** Which React build renders pages: an operator's check that a deploy is not running the slow development build. */
  renderer: ReactBuild;
}

const DATABASE_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(private readonly dataSource: DataSource) {}

  async check(): Promise<Health> {
    return { status: 'ok', database: (await this.databaseAnswers()) ? 'up' : 'down', uptimeSeconds: Math.round(process.uptime()), renderer: reactBuildInUse() };
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
