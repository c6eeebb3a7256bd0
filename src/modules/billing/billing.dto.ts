import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { MAX_BILLING_DAY, MIN_BILLING_DAY } from '../../shared/billing/billing-periods';

export class BudgetDto {
  @ApiProperty({ nullable: true, example: 600, description: 'Miles a month, 1 to 10,000; null for none.' })
  @ValidateIf((_o, value) => value !== null)
  @IsInt({ message: 'miles must be a whole number of miles, or null.' })
  @Min(1)
  @Max(10_000)
  miles!: number | null;
}

export class BillingDayDto {
  @ApiProperty({ example: 15, description: 'The day of the month statements are made on, 1 to 28 (every month has it).' })
  @IsInt({ message: 'day must be a whole number from 1 to 28.' })
  @Min(MIN_BILLING_DAY, { message: 'day must be a whole number from 1 to 28.' })
  @Max(MAX_BILLING_DAY, { message: 'day must be a whole number from 1 to 28.' })
  day!: number;
}

export class ReinstateDto {
  @ApiProperty({
    example: true,
    description: 'The no-loss statement: no accident, damage or loss involving the cars since cover ended. Must be true (400 NO_LOSS_STATEMENT_REQUIRED).',
  })
  @IsBoolean({ message: 'noLossStatement must be true or false.' })
  noLossStatement!: boolean;
}
