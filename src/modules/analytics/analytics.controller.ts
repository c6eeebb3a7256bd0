import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { clientIp } from '../../common/http/client-ip';
import { NotCustomerAction } from '../../common/http/on-behalf-marks.decorator';
import { AnalyticsAcceptedDto, AnalyticsBatchDto } from './analytics.dto';
import { AnalyticsService } from './analytics.service';
import type { Request } from 'express';

/** Spec §7: analytics events go through a host-relative path under /api/a. */
@ApiTags('analytics')
@NotCustomerAction('page analytics of whoever sits at the browser')
@Controller('api/a')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  /** A batch of events, as the browser client sends it (`/b`, Segment's short form of `/batch`). */
  @Post(['b', 'batch'])
  @HttpCode(200)
  @ApiOkResponse({ type: AnalyticsAcceptedDto })
  @ApiBadRequestResponse({ description: 'Malformed batch: nothing is stored or forwarded.' })
  @ApiForbiddenResponse({ description: 'The browser does not allow performance cookies.' })
  @ApiBadGatewayResponse({ description: 'The configured analytics service did not take the batch.' })
  async batch(@Body() body: AnalyticsBatchDto, @Req() req: Request): Promise<AnalyticsAcceptedDto> {
    return this.analytics.accept(body, { raw: req.body, cookieHeader: req.headers.cookie, ip: clientIp(req) });
  }
}
