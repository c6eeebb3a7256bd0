import { BadRequestException, Controller, Delete, Get, HttpCode, Param, Query, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuditService } from '../audit/audit.service';
import { AdminGuard } from '../auth/staff.guard';
import { CurrentActor } from '../session/current-actor.decorator';
import { SessionAdmin } from '../session/session-admin.service';
import { AuditQueryDto, SessionsQueryDto } from './admin.dto';
import type { AuditRecord } from '../audit/audit-log.repository';
import type { Actor } from '../session/actor';
import type { SessionRow } from '../session/session.repository';

/** What admins can do beyond the banner: read the audit log, see and end sessions. */
@ApiTags('admin')
@ApiForbiddenResponse({ description: 'Admins only.' })
@UseGuards(AdminGuard)
@Controller('api/admin')
export class AdminController {
  constructor(
    private readonly audit: AuditService,
    private readonly sessions: SessionAdmin,
  ) {}

  @Get('audit')
  @ApiOkResponse({ description: 'Staff actions, newest first.' })
  async readAudit(@Query() query: AuditQueryDto): Promise<AuditRecord[]> {
    return this.audit.list(query);
  }

  @Get('sessions')
  @ApiOkResponse({ description: "A user's live sessions: created, last seen, browser, whether staff act on their behalf." })
  async listSessions(@Query() query: SessionsQueryDto): Promise<SessionRow[]> {
    if (!query.email) throw new BadRequestException('Give the e-mail of the user whose sessions to list.');
    return this.sessions.list({ email: query.email });
  }

  @Delete('sessions/:sid')
  @HttpCode(200)
  async revokeOne(@Param('sid') sid: string, @CurrentActor() actor: Actor): Promise<{ revoked: number }> {
    const revoked = await this.sessions.revoke({ sid });
    await this.audit.record(actor, 'session.revoke', { target: `sid:${sid.slice(0, 8)}…`, customer: null });
    return { revoked };
  }

  @Delete('sessions')
  @HttpCode(200)
  async revokeByEmail(@Query() query: SessionsQueryDto, @CurrentActor() actor: Actor): Promise<{ revoked: number }> {
    if (!query.email) throw new BadRequestException('Give the e-mail of the user whose sessions to end.');
    const revoked = await this.sessions.revoke({ email: query.email });
    await this.audit.record(actor, 'session.revoke', { target: `email:${query.email}`, customer: null });
    return { revoked };
  }
}
