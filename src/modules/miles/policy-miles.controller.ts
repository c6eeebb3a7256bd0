import { Body, Controller, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { LargeJsonBody } from '../../common/http/body-rules.decorator';
import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { auditedPolicyNumber, PolicyIdPipe } from '../policy';
import { DayRangeQueryDto, DisputeDto, MILES_BODY_LIMIT, OdometerDto, TripFlagDto, type DisputeView } from './miles.dto';
import { MilesErrorCode, MilesException } from './miles.exception';
import { MilesService } from './miles.service';
import { sendPhoto } from './staff-miles.controller';
import type { CarTrips } from '../../shared/miles/miles-model';
import type { SignedInActor } from '../session';
import type { Response } from 'express';

const PhotoIdPipe = uuidOrNotFound(() => new MilesException(MilesErrorCode.PhotoNotFound));
const TripIdPipe = uuidOrNotFound(() => new MilesException(MilesErrorCode.TripNotFound));

/** A policy's miles on the web: readings typed in, miles per day, disputed days. */
@ApiTags('miles')
@UseGuards(SignedInGuard)
@Controller('api/policies/:id')
export class PolicyMilesController {
  constructor(private readonly miles: MilesService) {}

  @Post('odometer')
  @LargeJsonBody(MILES_BODY_LIMIT)
  @AuditOnBehalf<{ reading: number }>(
    'miles.odometer',
    async (context) => `${await auditedPolicyNumber(context)} car ${(context.body.vehicleIndex as number | undefined) ?? 0}: ${context.answer.reading}`,
  )
  @ApiCreatedResponse({ description: 'The reading; refused (422 ODOMETER_WENT_DOWN) when lower than the last one.' })
  async odometer(@Param('id', PolicyIdPipe) id: string, @Body() body: OdometerDto, @SignedIn() actor: SignedInActor) {
    return this.miles.addWebReading(actor, id, body);
  }

  @Get('odometer')
  @AuditOnBehalf('miles.odometer.read')
  @ApiOkResponse({ description: "The policy's odometer readings, newest first, with any flag (OVER_1000_MILES_A_DAY) staff will look at." })
  async readings(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor) {
    return this.miles.readings(actor.userId, id);
  }

  @Get('odometer/:readingId/photo')
  @AuditOnBehalf('miles.odometer.photo')
  @ApiOkResponse({ description: 'The photo sent with the reading (image/jpeg or image/png, without its metadata); 404 without one.' })
  async readingPhoto(
    @Param('id', PolicyIdPipe) id: string,
    @Param('readingId', PhotoIdPipe) readingId: string,
    @SignedIn() actor: SignedInActor,
    @Res() res: Response,
  ): Promise<void> {
    sendPhoto(res, await this.miles.readingPhotoForOwner(actor.userId, id, readingId));
  }

  @Get('miles')
  @AuditOnBehalf('miles.read')
  @ApiOkResponse({ description: "Per car, per day from..to (YYYY-MM-DD, the state's days): miles, billable miles (at most 250) and where they came from." })
  async daily(@Param('id', PolicyIdPipe) id: string, @Query() range: DayRangeQueryDto, @SignedIn() actor: SignedInActor) {
    return this.miles.dailyMilesFor(actor.userId, id, range.from, range.to);
  }

  @Get('miles/trips')
  @AuditOnBehalf('miles.trips')
  @ApiOkResponse({
    description:
      "Per car: the trips the app sent that started from..to (YYYY-MM-DD, the state's days), oldest first, each with its day, times, miles and cities.",
  })
  async trips(@Param('id', PolicyIdPipe) id: string, @Query() range: DayRangeQueryDto, @SignedIn() actor: SignedInActor): Promise<CarTrips[]> {
    return this.miles.tripsFor(actor.userId, id, range.from, range.to);
  }

  @Post('miles/disputes')
  @LargeJsonBody(MILES_BODY_LIMIT)
  @AuditOnBehalf<{ vehicleIndex: number; day: string }>(
    'miles.dispute',
    async (context) => `${await auditedPolicyNumber(context)} car ${context.answer.vehicleIndex}: ${context.answer.day}`,
  )
  @ApiCreatedResponse({ description: 'The disputed day, stored for staff to review.' })
  async dispute(@Param('id', PolicyIdPipe) id: string, @Body() body: DisputeDto, @SignedIn() actor: SignedInActor) {
    return this.miles.dispute(actor, id, body);
  }

  @Post('miles/trips/:tripId/flag')
  @AuditOnBehalf<{ vehicleIndex: number; day: string; flag: string }>(
    'miles.trip.flag',
    async (context) => `${await auditedPolicyNumber(context)} car ${context.answer.vehicleIndex}: ${context.answer.day}, ${context.answer.flag}`,
  )
  @ApiCreatedResponse({
    description: "The trip flagged (passenger, not-my-car): a dispute of the day it started, claiming the day's miles without it, for staff to review.",
  })
  async flagTrip(
    @Param('id', PolicyIdPipe) id: string,
    @Param('tripId', TripIdPipe) tripId: string,
    @Body() body: TripFlagDto,
    @SignedIn() actor: SignedInActor,
  ) {
    return this.miles.flagTrip(actor, id, tripId, body);
  }

  @Get('miles/disputes')
  @AuditOnBehalf('miles.disputes')
  @ApiOkResponse({ description: 'The disputed days, newest first, with how staff decided them (status, resolvedMiles, staffNote, decidedAt).' })
  async disputes(@Param('id', PolicyIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<DisputeView[]> {
    return this.miles.disputes(actor.userId, id);
  }

  @Get('miles/disputes/:disputeId/photo')
  @AuditOnBehalf('miles.dispute.photo')
  @ApiOkResponse({ description: 'The odometer photo sent with the dispute (image/jpeg or image/png); 404 without one.' })
  async disputePhoto(
    @Param('id', PolicyIdPipe) id: string,
    @Param('disputeId', PhotoIdPipe) disputeId: string,
    @SignedIn() actor: SignedInActor,
    @Res() res: Response,
  ): Promise<void> {
    sendPhoto(res, await this.miles.disputePhotoForOwner(actor.userId, id, disputeId));
  }
}
