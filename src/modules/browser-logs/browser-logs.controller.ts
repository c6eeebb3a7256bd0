import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiPayloadTooLargeResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { clientIp } from '../../common/http/client-ip';
import { NotCustomerAction } from '../../common/http/on-behalf-marks.decorator';
import { BrowserLogBatchDto, BrowserLogsAcceptedDto } from './browser-logs.dto';
import { BrowserLogsService } from './browser-logs.service';
import type { Request } from 'express';

@ApiTags('logs')
@NotCustomerAction("the browser's own log messages")
@Controller('api/logs')
export class BrowserLogsController {
  constructor(private readonly logs: BrowserLogsService) {}

  /** A batch of the browser's log messages, written to the server's log. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: BrowserLogsAcceptedDto })
  @ApiBadRequestResponse({ description: 'Malformed batch: nothing is written.' })
  @ApiPayloadTooLargeResponse({ description: 'More than 16384 bytes.' })
  @ApiTooManyRequestsResponse({ description: 'Too many batches from this address.' })
  async write(@Body() body: BrowserLogBatchDto, @Req() req: Request): Promise<BrowserLogsAcceptedDto> {
    return this.logs.write(body, { raw: req.body, ip: clientIp(req), userAgent: req.headers['user-agent'] });
  }
}
