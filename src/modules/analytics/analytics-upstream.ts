import { Inject, Injectable } from '@nestjs/common';
import { appConfig } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';

const UPSTREAM_TIMEOUT_MS = 5000;

/** The configured analytics service (ANALYTICS_UPSTREAM_URL), reached with Segment's batch call. */
@Injectable()
export class AnalyticsUpstream {
  private readonly url: string | undefined;
  private readonly authorization: string;

  constructor(@Inject(appConfig.KEY) config: AppConfig) {
    this.url = config.services.analytics.upstreamUrl && `${config.services.analytics.upstreamUrl}/b`;
    this.authorization = `Basic ${Buffer.from(`${config.services.analytics.writeKey}:`).toString('base64')}`;
  }

  get configured(): boolean {
    return this.url !== undefined;
  }

  /** Sends the batch as received; true when the service took it. */
  async forward(body: unknown): Promise<boolean> {
    try {
      const res = await fetch(this.url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: this.authorization },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }
}
