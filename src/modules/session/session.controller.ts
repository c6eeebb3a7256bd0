import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SessionView } from '../../shared/app-state';
import { save } from './session-data';
import { SaveSessionDto } from './session.dto';
import { sessionView } from './session-view';

@ApiTags('session')
@Controller('api/session')
export class SessionController {
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
    if (body.anonymousId !== undefined && !req.session.anonymousId) req.session.anonymousId = body.anonymousId;
    if (body.attribution !== undefined) req.session.attribution = { ...body.attribution };
    if (body.locale !== undefined) req.session.locale = body.locale;
    await save(req);
    return sessionView(req) ?? {};
  }
}
