import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { sessionView } from './session-view';
import { SessionWriter } from './session-writer.service';
import { SaveSessionDto } from './session.dto';
import type { SessionView } from '../../shared/app-state';
import type { Request } from 'express';

@ApiTags('session')
@NotCustomerRead("the session's own view (who is signed in, in every page already), not the customer's records")
@Controller('api/session')
export class SessionController {
  constructor(private readonly writer: SessionWriter) {}

  /** Spec §7: the success flag and the session as the browser may see it. */
  @Get()
  @ApiOkResponse({ description: 'The visitor session: userId, userEmail, sessionId, anonymousId, role, producerId.' })
  read(@Req() req: Request): SessionView {
    return sessionView(req) ?? {};
  }

  /** Spec §7: saves the fields a browser may write (anonymousId, attribution, locale). */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ description: 'The session after the write.' })
  @ApiBadRequestResponse({ description: 'A field the browser may not write, or a malformed one; nothing is changed.' })
  async write(@Body() body: SaveSessionDto, @Req() req: Request): Promise<SessionView> {
    await this.writer.saveBrowserFields(body);
    return sessionView(req) ?? {};
  }
}
