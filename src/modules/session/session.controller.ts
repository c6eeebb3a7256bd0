import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SessionView } from '../../shared/app-state';
import { sessionView } from './session-view';

@ApiTags('session')
@Controller('api/session')
export class SessionController {
  /** Spec §7: the success flag and the session as the browser may see it. */
  @Get()
  @ApiOkResponse({ description: 'The visitor session: userId, userEmail, anonymousId, role, producerId.' })
  read(@Req() req: Request): { success: true; payload: SessionView } {
    return { success: true, payload: sessionView(req) ?? {} };
  }
}
