import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { SignedIn, SignedInGuard } from '../../auth';
import { AuditOnBehalf } from '../../on-behalf';
import { AddressDto } from '../address.dto';
import { CoverageDto } from '../coverage.dto';
import { quoteReference } from '../quote-audit';
import { QuoteIdPipe } from '../quote-id.pipe';
import { DriversDto, HistoryDto, IdentificationDto, PackageDto, VehiclesDto } from './application.dto';
import { ApplicationService, type PackagePrice } from './application.service';
import type { StateRules } from '../../../shared/quote/coverage-model';
import type { QuoteView } from '../../../shared/quote/quote-model';
import type { SignedInActor } from '../../session';

/** The purchase's steps after the quote: application, package, coverage (signed in). */
@ApiTags('application')
@UseGuards(SignedInGuard)
@Controller('api/quotes/:id')
@ApiConflictResponse({ description: 'OUT_OF_ORDER: an earlier step is not done (error.extra.step names it); QUOTE_CLOSED once bought.' })
export class ApplicationController {
  constructor(private readonly application: ApplicationService) {}

  @Put('application/address')
  @AuditOnBehalf('quote.application.address', quoteReference)
  @ApiOkResponse({ description: "The quote with its address (the state and ZIP are the quote's)." })
  async address(@Param('id', QuoteIdPipe) id: string, @Body() body: AddressDto, @SignedIn() actor: SignedInActor): Promise<QuoteView> {
    return this.application.saveSection(actor, id, 'address', body);
  }

  @Put('application/drivers')
  @AuditOnBehalf('quote.application.drivers', quoteReference)
  @ApiOkResponse({ description: "The quote with the household's other drivers." })
  async drivers(@Param('id', QuoteIdPipe) id: string, @Body() body: DriversDto, @SignedIn() actor: SignedInActor): Promise<QuoteView> {
    return this.application.saveSection(actor, id, 'drivers', body.drivers as never);
  }

  @Put('application/vehicles')
  @AuditOnBehalf('quote.application.vehicles', quoteReference)
  @ApiOkResponse({ description: 'The quote with the other cars.' })
  async vehicles(@Param('id', QuoteIdPipe) id: string, @Body() body: VehiclesDto, @SignedIn() actor: SignedInActor): Promise<QuoteView> {
    return this.application.saveSection(actor, id, 'vehicles', body.vehicles as never);
  }

  @Put('application/identification')
  @AuditOnBehalf('quote.application.identification', quoteReference)
  @ApiOkResponse({ description: 'The quote with a VIN for every car and a license for every driver (license numbers masked).' })
  @ApiBadRequestResponse({
    description:
      "INVALID_INPUT by field: vehicles.N.vin (check digit, a VIN for another year or make: vinMismatch), drivers.N.state, drivers.N.number (the state's format).",
  })
  async identification(@Param('id', QuoteIdPipe) id: string, @Body() body: IdentificationDto, @SignedIn() actor: SignedInActor): Promise<QuoteView> {
    return this.application.saveIdentification(actor, id, body);
  }

  @Put('application/history')
  @AuditOnBehalf('quote.application.history', quoteReference)
  @ApiOkResponse({ description: 'The quote with its insurance history confirmed.' })
  async history(@Param('id', QuoteIdPipe) id: string, @Body() body: HistoryDto, @SignedIn() actor: SignedInActor): Promise<QuoteView> {
    return this.application.saveSection(actor, id, 'history', body);
  }

  @Get('packages')
  @ApiOkResponse({ description: 'Liability only, Standard and Full coverage, each priced for this household, and what the state requires.' })
  async packages(@Param('id', QuoteIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<{ packages: PackagePrice[]; rules: StateRules }> {
    return this.application.packagePrices(actor, id);
  }

  @Put('package')
  @AuditOnBehalf<QuoteView>(({ body }) => `quote.package.${String(body.package)}`, quoteReference)
  @ApiOkResponse({ description: "The quote with the package's coverage, priced." })
  async choosePackage(@Param('id', QuoteIdPipe) id: string, @Body() body: PackageDto, @SignedIn() actor: SignedInActor): Promise<QuoteView> {
    return this.application.choosePackage(actor, id, body.package);
  }

  @Put('coverage')
  @AuditOnBehalf('quote.coverage.change', quoteReference)
  @ApiOkResponse({ description: 'The quote with this coverage, priced again.' })
  @ApiUnprocessableEntityResponse({ description: 'COVERAGE_NOT_ALLOWED: below what the state requires, or collision without comprehensive.' })
  async coverage(@Param('id', QuoteIdPipe) id: string, @Body() body: CoverageDto, @SignedIn() actor: SignedInActor): Promise<QuoteView> {
    return this.application.setCoverage(actor, id, body);
  }

  @Post('coverage/confirm')
  @AuditOnBehalf('quote.coverage.confirm', quoteReference)
  @HttpCode(200)
  @ApiOkResponse({ description: 'The quote, ready for payment.' })
  async confirm(@Param('id', QuoteIdPipe) id: string, @SignedIn() actor: SignedInActor): Promise<QuoteView> {
    return this.application.confirmCoverage(actor, id);
  }
}
