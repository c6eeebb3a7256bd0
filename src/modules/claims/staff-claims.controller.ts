import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { SignedIn, StaffGuard } from '../auth';
import { sendClaimPhoto } from './claim-photo-response';
import { ClaimIdPipe, ClaimPhotoIdPipe } from './claims.controller';
import { ClaimMessageDto, ClaimStatusDto, StaffClaimsQueryDto } from './claims.dto';
import { claimKeyOf } from './claims.service';
import { StaffClaimsService } from './staff-claims.service';
import type { StaffClaimView } from '../../shared/claims/claim-model';
import type { SignedInActor } from '../session';
import type { Response } from 'express';

/** Claims for staff: an agent's are those on the policies they sold, an admin's all. */
@ApiTags('agent')
@UseGuards(StaffGuard)
@Controller('api/agent/claims')
export class StaffClaimsController {
  constructor(private readonly claims: StaffClaimsService) {}

  @Get()
  @NotCustomerRead('the staff list of claims within reach; opening one (and its photos) is recorded as claim.view')
  @ApiOkResponse({ description: 'Claims within your reach, open ones first, newest first (at most 500); ?status= for one state.' })
  @ApiForbiddenResponse({ description: 'Not staff.' })
  async list(@Query() query: StaffClaimsQueryDto, @SignedIn() actor: SignedInActor): Promise<StaffClaimView[]> {
    return this.claims.list(actor, query.status);
  }

  @Get(':claimId')
  @ApiOkResponse({ description: 'One claim, with its history, photos and customer.' })
  @ApiNotFoundResponse({ description: 'CLAIM_NOT_FOUND: no such claim within your reach.' })
  async get(@Param('claimId', ClaimIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<StaffClaimView> {
    return this.claims.get(actor, id);
  }

  @Post(':claimId/status')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The claim in its new state; the customer sees the note and gets an e-mail.' })
  @ApiNotFoundResponse({ description: 'CLAIM_NOT_FOUND: no such claim within your reach.' })
  @ApiForbiddenResponse({
    description:
      'CLAIM_SETTLEMENT_NOT_ALLOWED (extra: reason agents-do-not-settle or filed-by-you): approving, denying, paying are for an admin who did not file the report.',
  })
  @ApiConflictResponse({
    description: 'CLAIM_TRANSITION_NOT_ALLOWED (extra: from, to, allowed), or CLAIM_STATUS_CHANGED: someone moved it since (`from` differs).',
  })
  async move(@Param('claimId', ClaimIdPipe) id: string, @Body() body: ClaimStatusDto, @SignedIn() actor: SignedInActor): Promise<StaffClaimView> {
    return this.claims.move(actor, id, body);
  }

  @Post(':claimId/messages')
  @ApiHeader({ name: 'Idempotency-Key', required: true, description: 'One per message; a retry sends the same and posts nothing new.' })
  @ApiCreatedResponse({ description: 'The claim with the reply last in messages; the customer is e-mailed that a message waits (in their language).' })
  @ApiOkResponse({ description: 'The same reply sent again with its key: the claim as it is, nothing new.' })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT (body empty, over 2000 characters, not text), IDEMPOTENCY_KEY_MISSING, IDEMPOTENCY_KEY_INVALID.' })
  @ApiNotFoundResponse({ description: 'CLAIM_NOT_FOUND: no such claim within your reach.' })
  @ApiConflictResponse({ description: 'CLAIM_MESSAGES_CLOSED (extra: until), IDEMPOTENCY_KEY_REUSED.' })
  @ApiTooManyRequestsResponse({ description: 'TOO_MANY_REQUESTS: many messages today; Retry-After.' })
  async reply(
    @Param('claimId', ClaimIdPipe) id: string,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: ClaimMessageDto,
    @SignedIn() actor: SignedInActor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StaffClaimView> {
    const { claim, created } = await this.claims.reply(actor, id, claimKeyOf(key), body.body);
    res.status(created ? 201 : 200);
    return claim;
  }

  @Get(':claimId/photos/:photoId')
  @ApiOkResponse({ description: 'A photo sent with the report (image/jpeg, image/png or image/webp).' })
  @ApiNotFoundResponse({ description: 'CLAIM_PHOTO_NOT_FOUND.' })
  async photo(
    @Param('claimId', ClaimPhotoIdPipe) id: string,
    @Param('photoId', ClaimPhotoIdPipe) photoId: string,
    @SignedIn() actor: SignedInActor,
    @Res() res: Response,
  ): Promise<void> {
    sendClaimPhoto(res, await this.claims.photo(actor, id, photoId));
  }
}
