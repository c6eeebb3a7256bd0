import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { AtMostTwoDecimals } from '../../common/validation/at-most-two-decimals';
import { IsCalendarDay, IsDayRangeEnd, IsInstant } from '../../common/validation/calendar-day';
import { ValidateNestedObject } from '../../common/validation/validate-nested-object';
import { MAX_RANGE_DAYS } from '../../shared/dates/calendar-day';
import { LOCATION_CHOICES, type LocationChoice } from '../../shared/miles/location-choice';
import { PHOTO_MAX_BYTES, TRIP_FLAGS, type TripFlag } from '../../shared/miles/miles-model';
import { MAX_VEHICLE_INDEX } from '../../shared/policy/policy-cars';

/** "<policy id>:<car number>" (the car's vehicleIndex on the policy, never reused), as GET /api/mobile/policies lists them. */
export const VEHICLE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:(0|[1-9][0-9]{0,2})$/i;
/** Base64 of at most 2 MB of image (the service checks it is a JPEG or PNG). */
const PHOTO_MAX_CHARS = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;
/**
 * The bodies of the miles uploads (a batch of trips, a reading or a disputed day with its photo
 * in base64), read only once the guard has let the caller in (@LargeJsonBody).
 */
export const MILES_BODY_LIMIT = 3 * 1024 * 1024;
export const MAX_TRIPS_PER_BATCH = 200;

export class DeviceDto {
  @ApiProperty({ example: "Ana's iPhone" })
  @IsString()
  @MinLength(1)
  @MaxLength(80)
  name!: string;

  @ApiProperty({ enum: ['ios', 'android'] })
  @IsIn(['ios', 'android'], { message: 'platform must be ios or android.' })
  platform!: 'ios' | 'android';
}

export class RouteDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(80) startCity?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(80) endCity?: string;
  @ApiPropertyOptional({ description: 'An encoded polyline, simplified.' }) @IsOptional() @IsString() @MaxLength(4000) polyline?: string;
}

export class TripDto {
  @ApiProperty({ description: "The app's own id for the trip: a retry sends the same." })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  clientTripId!: string;

  @ApiProperty({ example: '3f1c…:0' })
  @Matches(VEHICLE_KEY, { message: 'vehicle must be a car key from GET /api/mobile/policies.' })
  vehicle!: string;

  @ApiProperty({ example: '2026-11-20T15:04:00Z' })
  @IsInstant('startedAt must be an ISO 8601 time ending in Z or a UTC offset.')
  startedAt!: string;

  @ApiProperty({ example: '2026-11-20T15:41:00Z' })
  @IsInstant('endedAt must be an ISO 8601 time ending in Z or a UTC offset.')
  endedAt!: string;

  @ApiProperty({ example: 12.4 })
  @AtMostTwoDecimals('miles must be a number with at most 2 decimals.')
  @Min(0)
  @Max(100_000)
  miles!: number;

  @ApiPropertyOptional({ type: RouteDto }) @IsOptional() @ValidateNestedObject() @Type(() => RouteDto) route?: RouteDto;
}

export class TripsDto {
  @ApiProperty({ type: [TripDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_TRIPS_PER_BATCH, { message: `Send at most ${MAX_TRIPS_PER_BATCH} trips at a time.` })
  @ValidateNestedObject({ each: true })
  @Type(() => TripDto)
  trips!: TripDto[];
}

export class OdometerDto {
  @ApiPropertyOptional({ description: 'From the app: the car key. On the web the path names the policy and this is the car index.' })
  @IsOptional()
  @Matches(VEHICLE_KEY, { message: 'vehicle must be a car key from GET /api/mobile/policies.' })
  vehicle?: string;

  @ApiPropertyOptional({ description: "On the web: which car of the policy, by its number on it (the policy's vehicles[].vehicleIndex); 0 if absent." })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_VEHICLE_INDEX)
  vehicleIndex?: number;

  @ApiProperty({ example: 48211 }) @IsInt({ message: 'reading must be whole miles.' }) @Min(0) @Max(2_000_000) reading!: number;
  @ApiPropertyOptional({ description: 'When it was read (Z or an offset); now if absent.' })
  @IsOptional()
  @IsInstant('readAt must be an ISO 8601 time ending in Z or a UTC offset.')
  readAt?: string;
  @ApiPropertyOptional({ description: 'A JPEG or PNG, base64.' }) @IsOptional() @IsString() @MaxLength(PHOTO_MAX_CHARS) photo?: string;
}

export class DisputeDto {
  @ApiProperty({ example: 0, description: "The car's number on the policy (vehicles[].vehicleIndex)." })
  @IsInt()
  @Min(0)
  @Max(MAX_VEHICLE_INDEX)
  vehicleIndex!: number;
  @ApiProperty({ example: '2026-11-20' })
  @IsCalendarDay('day must be a day on the calendar, written YYYY-MM-DD.')
  day!: string;
  @ApiProperty({ example: 'The car was in the garage all day.' }) @IsString() @MinLength(3) @MaxLength(1000) reason!: string;
  @ApiPropertyOptional({ description: 'An odometer photo, JPEG or PNG, base64.' }) @IsOptional() @IsString() @MaxLength(PHOTO_MAX_CHARS) photo?: string;
  @ApiPropertyOptional({ example: 12, description: 'The miles the customer says the car really drove that day.' })
  @IsOptional()
  @IsInt({ message: 'claimedMiles must be whole miles.' })
  @Min(0)
  @Max(1000)
  claimedMiles?: number;
}

/** A trip the customer flags: why, and a note for staff if they want to add one. */
export class TripFlagDto {
  @ApiProperty({ enum: TRIP_FLAGS, example: 'passenger', description: 'passenger: they rode in the car, someone else drove; not-my-car: not this car.' })
  @IsIn(TRIP_FLAGS)
  flag!: TripFlag;
  @ApiPropertyOptional({ example: 'My sister drove us to the airport.' }) @IsOptional() @IsString() @MaxLength(1000) note?: string;
}

/** GET /api/policies/:id/miles?from&to: a range of days, checked before any work is done on it. */
export class DayRangeQueryDto {
  @ApiProperty({ example: '2026-11-01' })
  @IsCalendarDay('from must be a day on the calendar, written YYYY-MM-DD.')
  from!: string;

  @ApiProperty({ example: '2026-11-30', description: `On or after from, at most ${MAX_RANGE_DAYS} days.` })
  @IsDayRangeEnd('from')
  to!: string;
}

/** Staff's decision on a disputed day. */
export class DisputeDecisionDto {
  @ApiProperty({ enum: ['accepted', 'rejected'] })
  @IsIn(['accepted', 'rejected'], { message: 'decision must be accepted or rejected.' })
  decision!: 'accepted' | 'rejected';

  @ApiPropertyOptional({ example: 12, description: "When accepted (and only then): the day's miles to bill; at most 250 of them are billed." })
  @IsOptional()
  @AtMostTwoDecimals('miles must be a number with at most 2 decimals.')
  @Min(0)
  @Max(1000)
  miles?: number;

  @ApiPropertyOptional({ description: 'For the customer: why (sent in the e-mail and shown with the dispute).' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  note?: string;
}

/** What the customer sees of a disputed day, and how staff decided it. */
export type { DisputeView } from '../../shared/miles/miles-model';

/** PUT /api/account/locations: keep the trips' locations from now on, or miles only. */
export class LocationChoiceDto {
  @ApiProperty({
    enum: LOCATION_CHOICES,
    example: 'miles-only',
    description: 'keep: trips keep the route summary the app sends; miles-only: the miles and times alone.',
  })
  @IsIn(LOCATION_CHOICES, { message: 'choice must be keep or miles-only.' })
  choice!: LocationChoice;
}
