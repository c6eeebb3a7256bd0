import { Module } from '@nestjs/common';
import { RateLimitModule } from '../rate-limit';
import { BrowserLogsController } from './browser-logs.controller';
import { BrowserLogsService } from './browser-logs.service';

/** POST /api/logs: the browser's logs when no logging vendor is configured. */
@Module({ imports: [RateLimitModule], controllers: [BrowserLogsController], providers: [BrowserLogsService] })
export class BrowserLogsModule {}
