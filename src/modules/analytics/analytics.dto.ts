import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
// Times through IsInstant, not IsISO8601: year 0000 passed IsISO8601 and PostgreSQL answered 500.
import { IsInstant } from '../../common/validation/calendar-day';
import { ValidateNestedObject } from '../../common/validation/validate-nested-object';

/** The most events one batch may hold; the browser client sends batches of 10 (spec §9). */
export const MAX_BATCH_EVENTS = 20;
export const EVENT_TYPES = ['track', 'page', 'identify', 'screen', 'group', 'alias'] as const;

/** One event as a Segment-compatible client sends it (the fields analytics-next writes). */
export class AnalyticsEventDto {
  @ApiProperty({ enum: EVENT_TYPES })
  @IsIn(EVENT_TYPES, { message: `type must be one of ${EVENT_TYPES.join(', ')}.` })
  type!: (typeof EVENT_TYPES)[number];

  @ApiProperty() @IsString() @MaxLength(100) messageId!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) event?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) category?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) anonymousId?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) userId?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) groupId?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) previousId?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) writeKey?: string;
  @ApiPropertyOptional() @IsOptional() @IsInstant('timestamp must be an ISO 8601 time ending in Z or a UTC offset.') timestamp?: string;
  @ApiPropertyOptional() @IsOptional() @IsInstant('sentAt must be an ISO 8601 time ending in Z or a UTC offset.') sentAt?: string;
  @ApiPropertyOptional() @IsOptional() @IsObject() properties?: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @IsObject() traits?: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @IsObject() context?: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @IsObject() integrations?: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @IsObject() _metadata?: Record<string, unknown>;
}

/** POST /api/a/b: a batch of events (Segment's batch format). */
export class AnalyticsBatchDto {
  @ApiProperty({ type: [AnalyticsEventDto] })
  @IsArray({ message: 'batch must be a list of events.' })
  @ArrayMinSize(1, { message: 'batch must hold at least one event.' })
  @ArrayMaxSize(MAX_BATCH_EVENTS, { message: `batch must hold at most ${MAX_BATCH_EVENTS} events.` })
  @ValidateNestedObject({ each: true })
  @Type(() => AnalyticsEventDto)
  batch!: AnalyticsEventDto[];

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) writeKey?: string;
  @ApiPropertyOptional() @IsOptional() @IsInstant('sentAt must be an ISO 8601 time ending in Z or a UTC offset.') sentAt?: string;
}

export class AnalyticsAcceptedDto {
  @ApiProperty({ description: 'Events received in the batch.' }) received!: number;
  @ApiProperty({ enum: ['stored', 'forwarded'] }) delivery!: 'stored' | 'forwarded';
}
