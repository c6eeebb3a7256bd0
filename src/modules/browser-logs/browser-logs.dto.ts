import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { IsInstant } from '../../common/validation/calendar-day';
import { ValidateNestedObject } from '../../common/validation/validate-nested-object';

/** Spec §9 browser logging: a batch holds at most 50 messages and 16384 bytes. */
export const MAX_LOG_BATCH_MESSAGES = 50;
export const MAX_LOG_BATCH_BYTES = 16_384;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type BrowserLogLevel = (typeof LOG_LEVELS)[number];

export class BrowserErrorDto {
  @ApiProperty() @IsString() @MaxLength(200) name!: string;
  @ApiProperty() @IsString() @MaxLength(2000) message!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(8000) stack?: string;
}

/** One message of the browser's logger (spec §7): tagged, with a correlation id and the user. */
export class BrowserLogDto {
  @ApiProperty({ enum: LOG_LEVELS })
  @IsIn(LOG_LEVELS, { message: `level must be one of ${LOG_LEVELS.join(', ')}.` })
  level!: BrowserLogLevel;

  @ApiProperty({ example: '[auth] failed to send the magic link' }) @IsString() @MaxLength(2000) message!: string;
  @ApiProperty({ example: 'auth' }) @IsString() @Matches(/^[A-Za-z0-9_.-]{1,40}$/, { message: 'tag must be 1 to 40 letters, digits, _ . or -.' }) tag!: string;
  @ApiProperty() @IsInstant('time must be an ISO 8601 time ending in Z or a UTC offset.') time!: string;
  @ApiPropertyOptional()
  @IsOptional()
  @Matches(/^[A-Za-z0-9-]{8,64}$/, { message: 'correlationId must be 8 to 64 letters, digits or dashes.' })
  correlationId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', { message: 'userId must be a UUID.' }) userId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(254) userEmail?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) url?: string;
  @ApiPropertyOptional({ description: 'What else the message is about (status codes, ids).' }) @IsOptional() @IsObject() details?: Record<string, unknown>;
  @ApiPropertyOptional({ type: BrowserErrorDto }) @IsOptional() @ValidateNestedObject() @Type(() => BrowserErrorDto) error?: BrowserErrorDto;
}

/** POST /api/logs */
export class BrowserLogBatchDto {
  @ApiProperty({ type: [BrowserLogDto] })
  @IsArray({ message: 'logs must be a list of messages.' })
  @ArrayMinSize(1, { message: 'logs must hold at least one message.' })
  @ArrayMaxSize(MAX_LOG_BATCH_MESSAGES, { message: `logs must hold at most ${MAX_LOG_BATCH_MESSAGES} messages.` })
  @ValidateNestedObject({ each: true })
  @Type(() => BrowserLogDto)
  logs!: BrowserLogDto[];
}

export class BrowserLogsAcceptedDto {
  @ApiProperty() written!: number;
}
