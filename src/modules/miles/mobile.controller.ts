import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { LargeJsonBody } from '../../common/http/body-rules.decorator';
import { MakesCredential } from '../../common/http/on-behalf-marks.decorator';
import { uuidOrNotFound } from '../../common/pipes/uuid-or-not-found.pipe';
import { SignedIn, SignedInGuard } from '../auth';
import { DeviceTokenGuard, type DeviceRequest } from './device-token.guard';
import { LocationChoiceService } from './location-choice.service';
import { DeviceDto, MILES_BODY_LIMIT, OdometerDto, TripsDto } from './miles.dto';
import { MilesErrorCode, MilesException } from './miles.exception';
import { MilesService, type TripsAnswer } from './miles.service';
import type { LocationChoiceView } from '../../shared/miles/location-choice';
import type { SignedInActor } from '../session';

/** A device id that cannot exist is not found, like another user's. */
const DeviceIdPipe = uuidOrNotFound(() => new MilesException(MilesErrorCode.DeviceNotFound));

/** The mobile app's API: a device signs in once (after the /web-login hand-off), then sends miles. */
@ApiTags('mobile')
@Controller('api/mobile')
export class MobileController {
  constructor(
    private readonly miles: MilesService,
    private readonly locations: LocationChoiceService,
  ) {}

  @Post('devices')
  @MakesCredential()
  @UseGuards(SignedInGuard)
  @ApiCreatedResponse({ description: 'The device and its token, answered this once: the app keeps it and sends it as a Bearer token.' })
  async register(@Body() body: DeviceDto, @SignedIn() actor: SignedInActor) {
    const { device, token } = await this.miles.registerDevice(actor.userId, body.name.trim(), body.platform);
    return { id: device.id, name: device.name, platform: device.platform, token };
  }

  @Delete('devices/:id')
  @UseGuards(SignedInGuard)
  @ApiOkResponse({ description: 'The device is signed out; its token no longer works.' })
  async revoke(@Param('id', DeviceIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<void> {
    await this.miles.revokeDevice(actor.userId, id);
  }

  @Get('policies')
  @UseGuards(DeviceTokenGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ description: "The user's active policies and their cars, each with the key trips and readings name." })
  async policies(@Req() req: DeviceRequest) {
    return this.miles.cars(req.device.userId);
  }

  @Get('locations')
  @UseGuards(DeviceTokenGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ description: "The customer's location choice: the app sends a trip's route only under `keep` (issue 27)." })
  async locationChoice(@Req() req: DeviceRequest): Promise<LocationChoiceView> {
    return this.locations.view(req.device.userId);
  }

  @Post('trips')
  @LargeJsonBody(MILES_BODY_LIMIT)
  @HttpCode(200)
  @UseGuards(DeviceTokenGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'Each trip accepted, a duplicate (already stored), or rejected with its reason.' })
  async trips(@Body() body: TripsDto, @Req() req: DeviceRequest): Promise<TripsAnswer> {
    return this.miles.addTrips(req.device, body.trips);
  }

  @Post('odometer')
  @LargeJsonBody(MILES_BODY_LIMIT)
  @UseGuards(DeviceTokenGuard)
  @ApiBearerAuth()
  @ApiCreatedResponse({ description: 'The reading, flagged when it implies more than 1,000 miles a day.' })
  async odometer(@Body() body: OdometerDto, @Req() req: DeviceRequest) {
    if (!body.vehicle) throw new MilesException(MilesErrorCode.VehicleUnknown);
    return this.miles.addAppReading(req.device, body.vehicle, body);
  }
}
