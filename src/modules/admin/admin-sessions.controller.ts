import { Controller, Delete, Get, HttpCode, Param, Query, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { AdminGuard, SignedIn } from '../auth';
import { AdminSessionsService } from './admin-sessions.service';
import { SessionsQueryDto } from './admin.dto';
import { AdminErrorCode, AdminException } from './admin.exception';
import type { AdminSessionList } from '../../shared/admin/admin-model';
import type { SignedInActor } from '../session';

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Admins see a user's live sessions and end them, one or all. */
@ApiTags('admin')
@ApiForbiddenResponse({ description: 'Admins only.' })
@UseGuards(AdminGuard)
@NotCustomerRead("an admin screen across customers, not one customer's data read for them")
@Controller('api/admin/sessions')
export class AdminSessionsController {
  constructor(private readonly sessions: AdminSessionsService) {}

  @Get()
  @ApiOkResponse({
    description:
      "A user's live sessions (device, IP, created, last seen), and staff's sessions acting for them (onBehalfBy, not revocable here); a staff member's list shows whom they act for (actingFor).",
  })
  list(@Query() query: SessionsQueryDto): Promise<AdminSessionList> {
    return this.sessions.list(query.email);
  }

  @Delete()
  @HttpCode(200)
  @ApiOkResponse({ description: "Ends every session of the user's own; a staff member acting for them stays signed in." })
  revokeAll(@Query() query: SessionsQueryDto, @SignedIn() actor: SignedInActor): Promise<{ revoked: number }> {
    return this.sessions.revokeAll(actor, query.email);
  }

  @Delete(':sessionId')
  @HttpCode(200)
  @ApiOkResponse({ description: "Ends one of the user's own sessions." })
  @ApiNotFoundResponse({ description: 'SESSION_NOT_FOUND: gone already, or not the user’s own (staff acting for them).' })
  revokeOne(@Param('sessionId') sessionId: string, @Query() query: SessionsQueryDto, @SignedIn() actor: SignedInActor): Promise<{ revoked: number }> {
    if (!SESSION_ID.test(sessionId)) throw new AdminException(AdminErrorCode.SessionNotFound);
    return this.sessions.revokeOne(actor, query.email, sessionId.toLowerCase());
  }
}
