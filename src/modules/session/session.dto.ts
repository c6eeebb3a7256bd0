import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { LOCALES, type Locale } from '../../shared/locale';
import { ValidateNestedObject } from '../../common/validation/validate-nested-object';

export class AttributionDto {
  @IsOptional() @IsString() @MaxLength(200) utm_source?: string;
  @IsOptional() @IsString() @MaxLength(200) utm_medium?: string;
  @IsOptional() @IsString() @MaxLength(200) utm_campaign?: string;
  @IsOptional() @IsString() @MaxLength(200) utm_content?: string;
  @IsOptional() @IsString() @MaxLength(200) utm_term?: string;
}

/** What a browser may write into its session; anything else (userId, role, …) is refused. */
export class SaveSessionDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4', { message: 'anonymousId must be a UUID.' })
  anonymousId?: string;

  @ApiPropertyOptional({ type: AttributionDto })
  @IsOptional()
  @ValidateNestedObject()
  @Type(() => AttributionDto)
  attribution?: AttributionDto;

  @ApiPropertyOptional({ enum: LOCALES })
  @IsOptional()
  @IsIn(LOCALES, { message: 'locale must be en-US or es.' })
  locale?: Locale;
}
