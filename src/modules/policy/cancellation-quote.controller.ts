import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsCalendarDay } from '../../common/validation/calendar-day';
import { SignedIn, SignedInGuard } from '../auth';
import { PoliciesService } from './policies.service';
import { PolicyIdPipe } from './policy-id.pipe';
import type { CancellationQuote } from '../../shared/billing/cancellation-quote';
import type { SignedInActor } from '../session';

export class CancellationQuoteQueryDto {
  @ApiPropertyOptional({ example: '2026-12-15', description: 'The last day covered: today to the end of the term (a cancelled policy: its own day, or none).' })
  @IsOptional()
  @IsCalendarDay('date must be a day on the calendar, written YYYY-MM-DD.')
  date?: string;
}

/** What a cancellation comes to, asked before confirming it (issue 26). */
@ApiTags('policies')
@UseGuards(SignedInGuard)
@Controller('api/policies')
export class CancellationQuoteController {
  constructor(private readonly policies: PoliciesService) {}

  @Get(':id/cancellation-quote')
  @ApiOkResponse({
    description:
      "The final statement a cancellation on `date` makes, with the miles in so far: the unused base rate given back (creditCents), the miles billed (milesCents), policy changes' differences, and totalCents (negative: refunded to the card; positive: due), with its lines. Once a cancelled policy's final statement is made, that statement's own lines (basis 'final'). null: nothing will be billed (a day before the policy starts).",
  })
  quote(@Param('id', PolicyIdPipe) id: string, @Query() query: CancellationQuoteQueryDto, @SignedIn() actor: SignedInActor): Promise<CancellationQuote | null> {
    return this.policies.cancellationQuote(actor, id, query.date);
  }
}
