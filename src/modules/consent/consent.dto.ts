import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsUUID } from 'class-validator';
import { BROWSER_CONSENT_SOURCES, type ConsentSource } from '../../shared/consent';

/** POST /api/consent: one decision about cookies. */
export class RecordConsentDto {
  @ApiProperty({ description: 'Performance cookies allowed.' })
  @IsBoolean({ message: 'tracking must be true or false.' })
  tracking!: boolean;

  @ApiProperty({ description: 'Targeting and advertising cookies allowed.' })
  @IsBoolean({ message: 'advertising must be true or false.' })
  advertising!: boolean;

  @ApiProperty({ enum: BROWSER_CONSENT_SOURCES })
  @IsIn(BROWSER_CONSENT_SOURCES, { message: `source must be one of ${BROWSER_CONSENT_SOURCES.join(', ')}.` })
  source!: Exclude<ConsentSource, 'sign-in'>;

  @ApiPropertyOptional({ description: "The browser's anonymousId when the session does not hold one yet." })
  @IsOptional()
  @IsUUID('all', { message: 'anonymousId must be a UUID.' })
  anonymousId?: string;
}

export class ConsentDecisionDto {
  @ApiProperty() tracking!: boolean;
  @ApiProperty() advertising!: boolean;
  @ApiProperty({ description: 'ISO 8601' }) recordedAt!: string;
  @ApiProperty() policyVersion!: string;
}

export class ConsentStateDto {
  @ApiProperty({ type: ConsentDecisionDto, nullable: true, description: "The visitor's latest decision on record (a signed-in user's, from any browser)." })
  decision!: ConsentDecisionDto | null;

  @ApiProperty({ description: 'The request carried Sec-GPC: 1 (Global Privacy Control).' })
  gpc!: boolean;
}
