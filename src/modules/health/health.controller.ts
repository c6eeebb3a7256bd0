import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RawResponse } from '../../common/http/raw-response.decorator';
import { HealthService, type Health } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Liveness and whether the database answers; 503 when it does not, so a balancer skips us. */
  @Get()
  @RawResponse('success is false while the database is down, which the envelope cannot say')
  @ApiOkResponse({ description: 'The server and its database answer.' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer.' })
  async check(@Res({ passthrough: true }) res: Response): Promise<{ success: boolean; payload: Health }> {
    const payload = await this.health.check();
    if (payload.database !== 'up') res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { success: payload.database === 'up', payload };
  }
}
