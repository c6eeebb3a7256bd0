import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { LOCALES, type Locale } from '../../shared/locale';

/** POST /api/account/deletion/confirm: the confirm page's form (or the same as JSON). */
export class ConfirmDeletionDto {
  @ApiProperty({ description: 'The token of the link e-mailed to the customer (43 characters).' })
  @IsString({ message: 'token must be the token of the deletion link.' })
  @MaxLength(100, { message: 'token must be the token of the deletion link.' })
  token!: string;

  @ApiPropertyOptional({ enum: LOCALES, description: "The page's language: where the browser lands after." })
  @IsOptional()
  @IsIn(LOCALES, { message: `lang must be one of ${LOCALES.join(', ')}.` })
  lang?: Locale;
}
