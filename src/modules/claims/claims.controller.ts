import { Body, Controller, Get, Headers, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { StreamedBody } from '../../common/http/body-rules.decorator';
import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { sendClaimPhoto } from './claim-photo-response';
import { ClaimErrorCode, ClaimException } from './claim.exception';
import { ClaimMessageDto, NewClaimDto } from './claims.dto';
import { claimKeyOf, ClaimsService } from './claims.service';
import { photoUploadOf } from './photo-upload';
import type { ClaimView } from '../../shared/claims/claim-model';
import type { SignedInActor } from '../session';
import type { Request, Response } from 'express';

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
    description: 'INVALID_INPUT, CLAIM_IN_FUTURE, CLAIM_VEHICLE_UNKNOWN, IDEMPOTENCY_KEY_*.',
  })
  @ApiNotFoundResponse({ description: 'POLICY_NOT_FOUND: not a policy of yours.' })
  @ApiConflictResponse({ description: 'IDEMPOTENCY_KEY_REUSED: the key was used for a different report.' })
  @ApiUnprocessableEntityResponse({ description: 'CLAIM_POLICY_NOT_BOUND, CLAIM_BEFORE_POLICY, CLAIM_AFTER_COVERAGE, CLAIM_DURING_LAPSE.' })
  async report(
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: NewClaimDto,
    @SignedIn() actor: SignedInActor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ClaimView> {
    const { claim, created } = await this.claims.report(actor, claimKeyOf(key), body);
    res.status(created ? 201 : 200);
    return claim;
  }

  @Post(':claimId/photos')
  @StreamedBody()
  @AuditOnBehalf<ClaimView>('claim.photo.add', ({ answer }) => `${answer.number} (${answer.policyNumber})`)
  @ApiConsumes('image/jpeg', 'image/png', 'image/webp')
  @ApiBody({ description: 'The photo itself (not base64, not a form): at most 2 MB; its metadata (GPS position, device) is not kept.' })
  @ApiCreatedResponse({ description: 'The claim with the photo added last in photoIds.' })
  @ApiOkResponse({ description: 'The same photo sent again (a retry): the claim as it was.' })
  @ApiBadRequestResponse({ description: 'CLAIM_PHOTO_INVALID (not a JPEG, PNG or WebP by its bytes, or broken), CLAIM_TOO_MANY_PHOTOS (5 already).' })
  @ApiNotFoundResponse({ description: 'CLAIM_NOT_FOUND: no such claim of yours.' })
  @ApiPayloadTooLargeResponse({ description: 'PAYLOAD_TOO_LARGE: over 2 MB (a declared length over it is refused unread).' })
  @ApiTooManyRequestsResponse({ description: 'TOO_MANY_REQUESTS: many photos sent today; Retry-After.' })
  async addPhoto(
    @Param('claimId', ClaimIdPipe) id: string,
    @SignedIn() actor: SignedInActor,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ClaimView> {
    const { claim, created } = await this.claims.addPhoto(actor, id, photoUploadOf(req));
    res.status(created ? 201 : 200);
    return claim;
  }

  @Post(':claimId/messages')
  @AuditOnBehalf<ClaimView>('claim.message', ({ answer }) => `${answer.number} (${answer.policyNumber})`)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    description: 'One per message; a retry (double click, no answer) sends the same and posts nothing new.',
  })
  @ApiCreatedResponse({ description: 'The claim with the message last in messages; its handler (the selling agent, else the claims team) is e-mailed.' })
  @ApiOkResponse({ description: 'The same message sent again with its key: the claim as it is, nothing new.' })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT (body empty, over 2000 characters, not text), IDEMPOTENCY_KEY_MISSING, IDEMPOTENCY_KEY_INVALID.' })
  @ApiNotFoundResponse({ description: 'CLAIM_NOT_FOUND: no such claim of yours.' })
  @ApiConflictResponse({
    description: 'CLAIM_MESSAGES_CLOSED (extra: until): closed more than 60 days ago; IDEMPOTENCY_KEY_REUSED: the key was used for another message.',
  })
  @ApiTooManyRequestsResponse({ description: 'TOO_MANY_REQUESTS: many messages today; Retry-After.' })
  async message(
    @Param('claimId', ClaimIdPipe) id: string,
    @Headers('idempotency-key') key: string | undefined,
    @Body() body: ClaimMessageDto,
    @SignedIn() actor: SignedInActor,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ClaimView> {
    const { claim, created } = await this.claims.message(actor, id, claimKeyOf(key), body.body);
    res.status(created ? 201 : 200);
    return claim;
  }

  @Get()
  @AuditOnBehalf('claim.list')
  @ApiOkResponse({ description: 'Your claims, newest first, each with its state and the notes staff wrote you.' })
  async list(@SignedIn() actor: SignedInActor): Promise<ClaimView[]> {
    return this.claims.list(actor.userId);
  }

  @Get(':claimId')
  @AuditOnBehalf<ClaimView>('claim.read', ({ answer }) => `${answer.number} (${answer.policyNumber})`)
  @ApiOkResponse({ description: 'One of your claims.' })
  @ApiNotFoundResponse({ description: 'CLAIM_NOT_FOUND: no such claim of yours.' })
  async get(@Param('claimId', ClaimIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<ClaimView> {
    return this.claims.own(actor.userId, id);
  }

  @Get(':claimId/photos/:photoId')
  @AuditOnBehalf('claim.photo')
  @ApiOkResponse({ description: 'A photo sent with the report (image/jpeg, image/png or image/webp).' })
  @ApiNotFoundResponse({ description: 'CLAIM_PHOTO_NOT_FOUND.' })
  async photo(
    @Param('claimId', ClaimPhotoIdPipe) id: string,
    @Param('photoId', ClaimPhotoIdPipe) photoId: string,
    @SignedIn() actor: SignedInActor,
    @Res() res: Response,
  ): Promise<void> {
    sendClaimPhoto(res, await this.claims.photo(actor.userId, id, photoId));
  }
}
