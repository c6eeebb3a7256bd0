import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { ClientIp } from '../../common/http/request-values.decorator';
import { localizePath } from '../../shared/locale';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { CurrentActor, SessionCookie, SessionWriter } from '../session';
import { ConfirmDeletionDto } from './account-deletion.dto';
import { AccountDeletionException } from './account-deletion.exception';
import { AccountDeletionService } from './account-deletion.service';
import type { DeletionAsked, DeletionDone, DeletionPreview } from '../../shared/privacy/account-deletion-model';
import type { Actor, SignedInActor } from '../session';
import type { Request, Response } from 'express';

/**
 * Issue 27: "Delete my account". The customer (or staff on the phone for them) reads what stops
 * it and asks for the link; the link's page posts the confirm here (a plain form: no script
 * ever sees the token), or a client posts it as JSON.
 */
@ApiTags('account')
@Controller('api/account/deletion')
export class AccountDeletionController {
  constructor(
    private readonly deletion: AccountDeletionService,
    private readonly sessions: SessionWriter,
    private readonly cookie: SessionCookie,
  ) {}

  @Get()
  @UseGuards(SignedInGuard)
  @AuditOnBehalf('account.deletion.read')
  @ApiOkResponse({
    description: 'What stops the deletion today (`blockers`, empty when it can go ahead): a policy in force, an unpaid bill, an open claim or mile dispute.',
  })
  @ApiForbiddenResponse({ description: 'ACCOUNT_DELETION_STAFF: a staff account (not acting for a customer).' })
  async preview(@SignedIn() actor: SignedInActor): Promise<DeletionPreview> {
    return { blockers: await this.deletion.preview(actor) };
  }

  @Post()
  @UseGuards(SignedInGuard)
  @ApiCreatedResponse({
    description:
      "Opened (or found open) the deletion request and e-mailed a new confirmation link (24 hours, single use) in the customer's language; an earlier link stops working.",
  })
  @ApiConflictResponse({ description: 'ACCOUNT_DELETION_BLOCKED: `extra.blockers` says what to do first; nothing is sent.' })
  @ApiForbiddenResponse({ description: 'ACCOUNT_DELETION_STAFF: a staff account (not acting for a customer).' })
  @ApiTooManyRequestsResponse({ description: 'ACCOUNT_DELETION_TOO_MANY: 5 links an hour.' })
  async ask(@SignedIn() actor: SignedInActor): Promise<DeletionAsked> {
    return this.deletion.ask(actor);
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiBody({ type: ConfirmDeletionDto })
  @ApiOkResponse({ description: 'As JSON: deleted (now, or by an earlier confirm of the same link); the browser is signed out.' })
  @ApiResponse({ status: 303, description: "As the page's form: to /account/deleted (signed out), or back to the link's page saying why not." })
  @ApiNotFoundResponse({ description: 'ACCOUNT_DELETION_LINK_UNKNOWN: no such link.' })
  @ApiGoneResponse({ description: 'ACCOUNT_DELETION_LINK_EXPIRED (24 hours) or ACCOUNT_DELETION_LINK_REPLACED (a newer link was sent).' })
  @ApiForbiddenResponse({
    description: 'ACCOUNT_DELETION_OTHER_ACCOUNT: another account is signed in here; ACCOUNT_DELETION_CUSTOMER_ONLY: staff acting for the customer.',
  })
  @ApiConflictResponse({ description: 'ACCOUNT_DELETION_BLOCKED (`extra.blockers`), or PRIVACY_REQUEST_CLOSED: the request was closed meanwhile.' })
  @ApiTooManyRequestsResponse({ description: 'ACCOUNT_DELETION_TOO_MANY: too many tries from this address.' })
  async confirm(
    @Body() body: ConfirmDeletionDto,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const form = (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
    const locale = body.lang ?? 'en-US';
    try {
      const done = await this.deletion.confirm(body.token, actor, ip);
      await this.sessions.signOut();
      this.cookie.clear(res);
      // The answer is written here (the form's is a redirect), so the envelope is too.
      const payload: DeletionDone = { deleted: true, requestId: done.requestId };
      if (!form) res.status(200).json({ success: true, payload });
      else res.redirect(303, localizePath('/account/deleted', locale));
    } catch (error) {
      if (!form || !(error instanceof AccountDeletionException)) throw error;
      // Back to the link's page, which says why (it reads the link's state again).
      const refused =
        error.code === 'ACCOUNT_DELETION_OTHER_ACCOUNT'
          ? '?refused=other-account'
          : error.code === 'ACCOUNT_DELETION_CUSTOMER_ONLY'
            ? '?refused=customer-only'
            : '';
      res.redirect(303, `${localizePath(`/account/delete/${encodeURIComponent(body.token)}`, locale)}${refused}`);
    }
  }
}
