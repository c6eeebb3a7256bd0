import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { IsCalendarDay } from '../../common/validation/calendar-day';
import { REJECTABLE_COVERAGES, type RejectableCoverage } from '../../shared/quote/coverage-model';

/**
 * A purchase. Card details never come here: the browser turns them into a token first, and the
 * global pipe refuses any field not named below (a `cardNumber` or `cvc` is a 400).
 */
export class PurchaseDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'quoteId must be a quote id.' })
  quoteId!: string;

  @ApiProperty({ description: "CardEntry's token: the sandbox's tok_sandbox_… or Stripe's pm_…", example: 'tok_sandbox_…' })
  @IsString({ message: 'paymentToken must be the token of the card.' })
  @MinLength(6)
  @MaxLength(255)
  @Matches(/^[\x21-\x7e]+$/, { message: 'paymentToken must be the token of the card.' })
  paymentToken!: string;

  @ApiProperty({ example: '2026-12-01', description: 'Today to 30 days out.' })
  @IsCalendarDay('startDate must be a day on the calendar, written YYYY-MM-DD.')
  startDate!: string;

  @ApiPropertyOptional({ description: 'Required (true) from the customer; staff acting on behalf leave it to the customer.' })
  @IsOptional()
  @IsBoolean({ message: 'agreeToTerms must be true or false.' })
  agreeToTerms?: boolean;

  @ApiPropertyOptional({ description: "The customer's full name as an electronic signature.", example: 'Ana García' })
  @IsOptional()
  @IsString({ message: 'signatureName must be your full name.' })
  @MaxLength(120)
  signatureName?: string;
}

/** The customer's own review and signature of a policy staff bought for them. */
export class ConfirmPolicyDto {
  @ApiProperty()
  @IsBoolean({ message: 'agreeToTerms must be true or false.' })
  agreeToTerms!: boolean;

  @ApiProperty({ example: 'Ana García' })
  @IsString({ message: 'signatureName must be your full name.' })
  @MaxLength(120)
  signatureName!: string;

  @ApiPropertyOptional({
    enum: REJECTABLE_COVERAGES,
    isArray: true,
    description: "Each coverage turned down by staff that the customer has read and signs (the policy's `rejections` without `signedAt`): all are required.",
  })
  @IsOptional()
  @IsArray({ message: 'acknowledgedRejections must be a list of coverages.' })
  @ArrayMaxSize(REJECTABLE_COVERAGES.length)
  @IsIn(REJECTABLE_COVERAGES, { each: true, message: 'acknowledgedRejections must name coverages turned down.' })
  acknowledgedRejections?: RejectableCoverage[];
}

export class CancelPolicyDto {
  @ApiProperty({ example: '2026-12-15', description: 'The last day covered: today to the end of the term.' })
  @IsCalendarDay('date must be a day on the calendar, written YYYY-MM-DD.')
  date!: string;

  @ApiPropertyOptional({ example: 'Sold the car' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
