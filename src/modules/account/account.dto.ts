import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { LOCALES, type Locale } from '../../shared/locale';

/** What a customer changes of their account: the name and the language we write to them in. */
export class UpdateAccountDto {
  @ApiPropertyOptional({ example: 'Ana García', nullable: true, description: 'null or blank clears the name.' })
  @IsOptional()
  @IsString({ message: 'name must be text.' })
  @MaxLength(120, { message: 'name must be at most 120 characters.' })
  name?: string;

  @ApiPropertyOptional({ enum: LOCALES })
  // Absent keeps the language; null is no language at all (IsOptional would let it reach the database).
  @ValidateIf((_dto, value) => value !== undefined)
  @IsIn(LOCALES, { message: 'preferredLocale must be en-US or es.' })
  preferredLocale?: Locale;
}
