import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiProperty, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ClientLocale } from '../../common/http/request-values.decorator';
import type { Locale } from '../../shared/locale';
import { EstimateService, type Estimate } from './estimate.service';
import { EstimateDto, WaitlistDto } from './quote.dto';
import { WaitlistService } from './waitlist.service';

class BreakdownLineDto {
  @ApiProperty({ example: 'territory' }) factor!: string;
  @ApiProperty({ description: 'Cents a month: the starting rate on the first line, the change this factor made on the others.' }) base!: number;
  @ApiProperty({ description: 'Tenths of a cent a mile, likewise.' }) perMile!: number;
}

class EstimateDtoOut {
  @ApiProperty({ example: '2026-11-01' }) rateVersion!: string;
  @ApiProperty({ example: 'AZ' }) state!: string;
  @ApiProperty({ example: 4200, description: 'Monthly base rate in cents.' }) baseRateCents!: number;
  @ApiProperty({ example: 65, description: 'Per-mile rate in tenths of a cent.' }) perMileRateMills!: number;
  @ApiProperty({ example: 8100, description: 'Base rate + per-mile rate × the given miles (at most the daily cap on each of 30 days).' }) monthlyEstimateCents!: number;
  @ApiProperty({ example: 250 }) dailyCapMiles!: number;
  @ApiProperty({ type: [BreakdownLineDto] }) breakdown!: BreakdownLineDto[];
}

class EstimateAnswer {
  @ApiProperty() success!: true;
  @ApiProperty({ type: EstimateDtoOut }) payload!: EstimateDtoOut;
}

/** Prices without a quote (Home's estimator, the apps, partners), and the waiting list. */
@ApiTags('quotes')
@Controller('api/quotes')
export class EstimateController {
  constructor(
    private readonly estimates: EstimateService,
    private readonly waitlist: WaitlistService,
  ) {}

  @Post('estimate')
  @HttpCode(200)
  @ApiOkResponse({ type: EstimateAnswer })
  @ApiBadRequestResponse({ description: '{ success: false, error: { message, fields } }: each bad field by its path.' })
  @ApiUnprocessableEntityResponse({ description: 'STATE_NOT_SERVED: the ZIP is in a state we do not sell in yet.' })
  async estimate(@Body() body: EstimateDto): Promise<Estimate> {
    return this.estimates.estimate(body);
  }

  /** Tell me when you sell in my state. */
  @Post('waitlist')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ state }: the address is on the list for that state.' })
  @ApiBadRequestResponse({ description: 'A malformed e-mail, or a ZIP we do not know.' })
  async join(@Body() body: WaitlistDto, @ClientLocale() locale: Locale): Promise<{ state: string }> {
    return this.waitlist.join(body.email, body.zip, locale);
  }
}
