import { Inject, Injectable } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';

/**
 * Failures the fault tests cause on purpose, between the charge and the policy: only with
 * APP_ENV=TEST, named by PURCHASE_FAULT (read at the moment, so one test can turn it on and off).
 * `kill-after-charge` ends the process as a crash would; `fail-before-commit` throws inside the
 * transaction that issues the policy.
 */
@Injectable()
export class PurchaseFaults {
  constructor(@Inject(appConfig.KEY) private readonly config: AppConfig) {}

  private active(name: string): boolean {
    return this.config.appEnv === 'TEST' && process.env.PURCHASE_FAULT === name;
  }

  afterCharge(): void {
    if (this.active('kill-after-charge')) process.kill(process.pid, 'SIGKILL');
  }

  beforeCommit(): void {
    if (this.active('fail-before-commit')) throw new Error('PURCHASE_FAULT: failing before the policy commits');
  }
}
