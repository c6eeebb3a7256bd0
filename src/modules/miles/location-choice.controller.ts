import { Body, Controller, Delete, Get, Put, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SignedIn, SignedInGuard } from '../auth';
import { AuditOnBehalf } from '../on-behalf';
import { LocationChoiceService } from './location-choice.service';
import { LocationChoiceDto } from './miles.dto';
import type { LocationChoiceView, LocationsErased } from '../../shared/miles/location-choice';
import type { SignedInActor } from '../session';

/**
 * The signed-in customer's location choice (issue 27), for all their policies: no id in the path,
 * so no one reaches another customer's. Staff acting for the customer see and change the same, audited.
 */
@ApiTags('account')
@UseGuards(SignedInGuard)
@Controller('api/account/locations')
export class LocationChoiceController {
  constructor(private readonly locations: LocationChoiceService) {}

  @Get()
  @AuditOnBehalf('miles.locations.read')
  @ApiOkResponse({ description: 'The choice (keep | miles-only; miles-only until one is made), when it was made, and how many trips carry a location.' })
  async get(@SignedIn() actor: SignedInActor): Promise<LocationChoiceView> {
    return this.locations.view(actor.userId);
  }

  @Put()
  @ApiOkResponse({ description: 'The choice, from now on: trips sent after it keep their route summary (keep) or are stored without it (miles-only).' })
  async choose(@Body() body: LocationChoiceDto, @SignedIn() actor: SignedInActor): Promise<LocationChoiceView> {
    return this.locations.choose(actor, body.choice);
  }

  @Delete('kept')
  @ApiOkResponse({ description: "Erases the location of every trip of the customer's policies (the miles stay); answers how many trips lost one." })
  async erase(@SignedIn() actor: SignedInActor): Promise<LocationsErased> {
    return this.locations.erase(actor);
  }
}
