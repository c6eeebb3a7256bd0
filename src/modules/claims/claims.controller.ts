import { Body, Controller, Get, Headers, Param, Post, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { SignedInGuard } from '../auth/signed-in.guard';
import { AuditOnBehalf } from '../on-behalf/audit-on-behalf.decorator';
import { CurrentActor } from '../session/current-actor.decorator';
import { sendClaimPhoto } from './claim-photo-response';
import { ClaimErrorCode, ClaimException } from './claim.exception';
import { NewClaimDto } from './claims.dto';
import { claimKeyOf, ClaimsService } from './claims.service';
import type { ClaimView } from '../../shared/claims/claim-model';
import type { Actor } from '../session/actor';
import type { Response } from 'express';

export const ClaimIdPipe = uuidOrNotFound(() => new ClaimException(ClaimErrorCode.NotFound));
export const ClaimPhotoIdPipe = uuidOrNotFound(() => new ClaimException(ClaimErrorCode.PhotoNotFound));

/** A customer's claims: report one on a policy of theirs, follow each (docs/decisions.md, issue 16: claims). */
@ApiTags('claims')
@UseGuards(SignedInGuard)
@Controller('api/claims')
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Post()
  @AuditOnBehalf<ClaimView>('claim.report', ({ answer }) => `${answer.number} (${answer.policyNumber})`)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    description: 'One per report; a retry (double click, second tab) sends the same and gets the same claim.',
  })
  @ApiCreatedResponse({ description: 'The claim, with its number (CLM-2026-000123); an e-mail with it is on its way.' })
  @ApiOkResponse({ description: 'The same report sent again with its key: the claim it made, nothing new.' })
  @ApiBadRequestResponse({
    description: 'INVALID_INPUT, CLAIM_IN_FUTURE, CLAIM_VEHICLE_UNKNOWN, CLAIM_PHOTO_INVALID, CLAIM_TOO_MANY_PHOTOS, IDEMPOTENCY_KEY_*.',
  })
  @ApiNotFoundResponse({ description: 'POLICY_NOT_FOUND: not a policy of yours.' })
  @ApiConflictResponse({ description: 'IDEMPOTENCY_KEY_REUSED: the key was used for a different report.' })
  @ApiUnprocessableEntityResponse({ description: 'CLAIM_POLICY_NOT_BOUND, CLAIM_BEFORE_POLICY, CLAIM_AFTER_COVERAGE.' })
  async report(
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: NewClaimDto,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ClaimView> {
    const { claim, created } = await this.claims.report(actor, claimKeyOf(key), body);
    res.status(created ? 201 : 200);
    return claim;
  }

  @Get()
  @AuditOnBehalf('claim.list')
  @ApiOkResponse({ description: 'Your claims, newest first, each with its state and the notes staff wrote you.' })
  async list(@CurrentActor() actor: Actor): Promise<ClaimView[]> {
    return this.claims.list(actor.userId!);
  }

  @Get(':claimId')
  @AuditOnBehalf<ClaimView>('claim.read', ({ answer }) => `${answer.number} (${answer.policyNumber})`)
  @ApiOkResponse({ description: 'One of your claims.' })
  @ApiNotFoundResponse({ description: 'CLAIM_NOT_FOUND: no such claim of yours.' })
  async get(@Param('claimId', ClaimIdPipe) id: string, @CurrentActor() actor: Actor): Promise<ClaimView> {
    return this.claims.own(actor.userId!, id);
  }

  @Get(':claimId/photos/:photoId')
  @AuditOnBehalf('claim.photo')
  @ApiOkResponse({ description: 'A photo sent with the report (image/jpeg, image/png or image/webp).' })
  @ApiNotFoundResponse({ description: 'CLAIM_PHOTO_NOT_FOUND.' })
  async photo(
    @Param('claimId', ClaimPhotoIdPipe) id: string,
    @Param('photoId', ClaimPhotoIdPipe) photoId: string,
    @CurrentActor() actor: Actor,
    @Res() res: Response,
  ): Promise<void> {
    sendClaimPhoto(res, await this.claims.photo(actor.userId!, id, photoId));
  }
}
