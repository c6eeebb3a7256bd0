import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { RawResponse } from '../../common/http/raw-response.decorator';
import { HealthService, type Health, type Liveness } from './health.service';
import type { Response } from 'express';

@ApiTags('health')
@NotCustomerRead("the service's health, no customer data")
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * Readiness, under the path every earlier probe used: its meaning is kept (503 while the
   * database does not answer), so an alert on it still fires; balancers move to /live.
   */
  @Get()
  @RawResponse('success is false while the database is down, which the envelope cannot say')
  @ApiOkResponse({ description: 'The server and its database answer (the same as /api/health/ready).' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer.' })
  check(@Res({ passthrough: true }) res: Response): Promise<{ success: boolean; payload: Health }> {
    return this.ready(res);
  }

  /** Liveness, for balancers: no database call and no session, so a database blip removes no instance. */
  @Get('live')
  @ApiOkResponse({ description: 'The process answers. The database is not asked: what it serves without one (open pages, the estimate) stays in service.' })
  live(): Liveness {
    return this.health.live();
  }

  /** Readiness, for alerts: 503 while the database does not answer. */
  @Get('ready')
  @RawResponse('success is false while the database is down, which the envelope cannot say')
  @ApiOkResponse({ description: 'The server and its database answer.' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer (within 2 s).' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<{ success: boolean; payload: Health }> {
    const payload = await this.health.ready();
    if (payload.database !== 'up') res.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { success: payload.database === 'up', payload };
  }
}
