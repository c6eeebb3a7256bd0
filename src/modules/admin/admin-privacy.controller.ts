import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { AdminGuard, SignedIn } from '../auth';
import { PrivacyRequestErrorCode, PrivacyRequestException } from '../privacy-requests';
import { AdminPrivacyService } from './admin-privacy.service';
import { PrivacyRequestCompleteDto, PrivacyRequestReasonDto, PrivacyRequestsQueryDto } from './admin.dto';
import type { AdminPrivacyRequestList } from '../../shared/admin/admin-model';
import type { PrivacyRequestView } from '../../shared/privacy/privacy-request-model';
import type { SignedInActor } from '../session';

const RequestIdPipe = uuidOrNotFound(() => new PrivacyRequestException(PrivacyRequestErrorCode.NotFound));

/** Issue 27: every privacy request with its 45-day answer clock; admins extend once, deny with a reason, or complete. */
@ApiTags('admin')
@ApiForbiddenResponse({ description: 'Admins only.' })
@UseGuards(AdminGuard)
@NotCustomerRead("an admin screen across customers, not one customer's data read for them")
@Controller('api/admin/privacy-requests')
export class AdminPrivacyController {
  constructor(private readonly privacy: AdminPrivacyService) {}

  @Get()
  @ApiOkResponse({ description: 'Requests: open ones first, soonest due first; then the answered, latest first (50 a page).' })
  list(@Query() query: PrivacyRequestsQueryDto): Promise<AdminPrivacyRequestList> {
    return this.privacy.list(query.status, query.page);
  }

  @Post(':id/extend')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Extended by 45 days, once; the customer is e-mailed the new date and the reason.' })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: the reason is required.' })
  @ApiNotFoundResponse({ description: 'PRIVACY_REQUEST_NOT_FOUND.' })
  @ApiConflictResponse({ description: 'PRIVACY_REQUEST_EXTENDED_ALREADY (the law allows one), PRIVACY_REQUEST_CLOSED.' })
  extend(@Param('id', RequestIdPipe) id: string, @Body() body: PrivacyRequestReasonDto, @SignedIn() actor: SignedInActor): Promise<PrivacyRequestView> {
    return this.privacy.extend(actor, id, body.reason);
  }

  @Post(':id/deny')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Closed as denied, with the reason kept.' })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: the reason is required.' })
  @ApiNotFoundResponse({ description: 'PRIVACY_REQUEST_NOT_FOUND.' })
  @ApiConflictResponse({ description: 'PRIVACY_REQUEST_CLOSED: answered already; the first answer stands.' })
  deny(@Param('id', RequestIdPipe) id: string, @Body() body: PrivacyRequestReasonDto, @SignedIn() actor: SignedInActor): Promise<PrivacyRequestView> {
    return this.privacy.deny(actor, id, body.reason);
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Closed as completed (answered outside the site), with an optional note.' })
  @ApiNotFoundResponse({ description: 'PRIVACY_REQUEST_NOT_FOUND.' })
  @ApiConflictResponse({ description: 'PRIVACY_REQUEST_CLOSED: answered already; the first answer stands.' })
  complete(@Param('id', RequestIdPipe) id: string, @Body() body: PrivacyRequestCompleteDto, @SignedIn() actor: SignedInActor): Promise<PrivacyRequestView> {
    return this.privacy.complete(actor, id, body.note);
  }
}
