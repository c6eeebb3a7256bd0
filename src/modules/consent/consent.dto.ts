import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { BROWSER_CONSENT_SOURCES, type ConsentSource } from '../../shared/consent';
import { MAX_REDIRECT_LENGTH } from '../../shared/safe-redirect';

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

/** The banner's two one-click answers, as its buttons name them in the page's form. */
export const FORM_CHOICES = ['accept', 'deny'] as const;

/**
 * POST /api/consent/form: the banner's plain HTML form, sent when a button is pressed before
 * the page's code has run (issue 29). The same decision as POST /api/consent, then back to the page.
 */
export class ConsentFormDto {
  @ApiProperty({ enum: FORM_CHOICES, description: 'Accept: both kinds allowed; deny: both refused.' })
  @IsIn(FORM_CHOICES, { message: `choice must be one of ${FORM_CHOICES.join(', ')}.` })
  choice!: (typeof FORM_CHOICES)[number];

  @ApiProperty({ description: 'The page the form was on: a path of this site, where the answer (303) sends the browser back.', example: '/es/quote' })
  @IsString({ message: 'back must be a path of this site.' })
  @MaxLength(MAX_REDIRECT_LENGTH, { message: 'back must be a path of this site.' })
  back!: string;
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
