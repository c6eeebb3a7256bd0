import { Body, Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { SignedIn, StaffGuard } from '../auth';
import { DisputeDecisionDto, type DisputeView } from './miles.dto';
import { MilesErrorCode, MilesException } from './miles.exception';
import { MilesService } from './miles.service';
import type { SignedInActor } from '../session';
import type { FlaggedReadingRow, OpenDisputeRow, StoredPhoto } from './miles.repository';
import type { Response } from 'express';

const DisputeIdPipe = uuidOrNotFound(() => new MilesException(MilesErrorCode.DisputeNotFound));
const PhotoIdPipe = uuidOrNotFound(() => new MilesException(MilesErrorCode.PhotoNotFound));

/** A stored odometer photo as itself: never cached, never sniffed into something else. */
export function sendPhoto(res: Response, photo: StoredPhoto): void {
  res.status(200).type(photo.photoType).setHeader('Cache-Control', 'private, no-store').setHeader('X-Content-Type-Options', 'nosniff').end(photo.photo);
}

/** Miles that need a person: readings flagged as implausible and disputed days (an agent's own sales, an admin's all). */
@ApiTags('agent')
@UseGuards(StaffGuard)
@Controller('api/agent/miles')
export class StaffMilesController {
  constructor(private readonly miles: MilesService) {}

  @Get('review')
  @NotCustomerRead("the staff member's own review of readings within reach, not this customer's data read for them")
  @ApiOkResponse({ description: 'Flagged odometer readings and open disputes, newest first, each with its policy number, customer and car.' })
  @ApiForbiddenResponse({ description: 'Not staff.' })
  async review(@SignedIn() actor: SignedInActor): Promise<{ flaggedReadings: FlaggedReadingRow[]; openDisputes: OpenDisputeRow[] }> {
    return this.miles.review(actor);
  }

  @Post('disputes/:disputeId/decision')
  @HttpCode(200)
  @ApiOkResponse({ description: "The dispute as decided. Accepted, the day's miles become `miles` (billed up to 250)." })
  @ApiNotFoundResponse({ description: 'No such dispute within your reach (an agent: only of their own sales).' })
  @ApiConflictResponse({ description: 'DISPUTE_DECIDED: it was decided already.' })
  async decide(@Param('disputeId', DisputeIdPipe) disputeId: string, @Body() body: DisputeDecisionDto, @SignedIn() actor: SignedInActor): Promise<DisputeView> {
    return this.miles.decide(actor, disputeId, body);
  }

  @Get('disputes/:disputeId/photo')
  @ApiOkResponse({ description: 'The odometer photo sent with the dispute (image/jpeg or image/png).' })
  async disputePhoto(@Param('disputeId', PhotoIdPipe) id: string, @SignedIn() actor: SignedInActor, @Res() res: Response): Promise<void> {
    sendPhoto(res, await this.miles.photoForStaff(actor, 'dispute', id));
  }

  @Get('readings/:readingId/photo')
  @ApiOkResponse({ description: 'The odometer photo sent with the reading (image/jpeg or image/png).' })
  async readingPhoto(@Param('readingId', PhotoIdPipe) id: string, @SignedIn() actor: SignedInActor, @Res() res: Response): Promise<void> {
    sendPhoto(res, await this.miles.photoForStaff(actor, 'reading', id));
  }
}
