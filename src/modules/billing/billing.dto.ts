import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';

export class BudgetDto {
  @ApiProperty({ nullable: true, example: 600, description: 'Miles a month, 1 to 10,000; null for none.' })
  @ValidateIf((_o, value) => value !== null)
  @IsInt({ message: 'miles must be a whole number of miles, or null.' })
  @Min(1)
  @Max(10_000)
  miles!: number | null;
}
