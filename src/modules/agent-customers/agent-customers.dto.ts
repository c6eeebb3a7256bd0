import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsPageNumber } from '../../common/validation/page-number';

export class CustomersQueryDto {
  @ApiPropertyOptional({ description: "Part of a customer's e-mail or name.", example: 'jane' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(254, { message: 'The search is too long.' })
  @Matches(/^[^\p{Cc}]*$/u, { message: 'The search must be one line of text.' })
  search?: string;

  @IsPageNumber()
  page?: number;
}
