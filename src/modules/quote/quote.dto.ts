import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmailAddress } from '../../common/validation/is-email-address';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  COVERAGE_PACKAGES,
  GENDERS,
  INCIDENT_TYPES,
  MAX_INCIDENTS,
  MAX_MILES_PER_MONTH,
  PRIOR_INSURANCE,
  type CoveragePackage,
  type Gender,
  type IncidentType,
  type PriorInsurance,
} from '../../shared/quote/quote-model';
import { ValidateNestedObject } from '../../common/validation/validate-nested-object';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The shapes of quote input. These check types and sizes; the rules of the answers themselves
 * (a real date in the past, a VIN's check digit, a ZIP we know) are the shared rules of
 * src/shared/quote/quote-validation.ts, applied by the service.
 */
export class VehicleDto {
  @ApiPropertyOptional({ example: '1HGCM82633A004352', description: 'Give a VIN, or year, make and model.' })
  @IsOptional()
  @IsString({ message: 'vehicle.vin must be text.' })
  @MaxLength(17, { message: 'A VIN has exactly 17 characters.' })
  vin?: string;

  @ApiPropertyOptional({ example: 2019 })
  @IsOptional()
  @IsInt({ message: 'vehicle.year must be a whole number.' })
  year?: number;

  @ApiPropertyOptional({ example: 'Honda' })
  @IsOptional()
  @IsString({ message: 'vehicle.make must be text.' })
  @MaxLength(60)
  make?: string;

  @ApiPropertyOptional({ example: 'Civic' })
  @IsOptional()
  @IsString({ message: 'vehicle.model must be text.' })
  @MaxLength(60)
  model?: string;
}

export class DriverDto {
  @ApiPropertyOptional({ example: 'Ana' })
  @IsOptional()
  @IsString({ message: 'driver.firstName must be text.' })
  @MaxLength(60)
  firstName?: string;

  @ApiPropertyOptional({ example: 'García' })
  @IsOptional()
  @IsString({ message: 'driver.lastName must be text.' })
  @MaxLength(60)
  lastName?: string;

  @ApiProperty({ example: '1988-04-12', description: 'YYYY-MM-DD' })
  @IsString({ message: 'driver.birthDate must be a date written YYYY-MM-DD.' })
  @Matches(DAY, { message: 'driver.birthDate must be a date written YYYY-MM-DD.' })
  birthDate!: string;

  @ApiProperty({ example: 12 })
  @IsInt({ message: 'driver.yearsLicensed must be a whole number.' })
  @Min(0, { message: 'driver.yearsLicensed cannot be negative.' })
  @Max(100, { message: 'driver.yearsLicensed is too large.' })
  yearsLicensed!: number;

  @ApiPropertyOptional({ enum: GENDERS, description: 'Asked, never a rating factor.' })
  @IsOptional()
  @IsIn(GENDERS, { message: 'driver.gender must be male or female.' })
  gender?: Gender;
}

export class IncidentDto {
  @ApiProperty({ enum: INCIDENT_TYPES })
  @IsIn(INCIDENT_TYPES, { message: 'An incident type must be accidents, claims or violations.' })
  type!: IncidentType;

  @ApiProperty({ example: '2025-03-02', description: 'YYYY-MM-DD' })
  @IsString({ message: 'An incident date must be written YYYY-MM-DD.' })
  @Matches(DAY, { message: 'An incident date must be written YYYY-MM-DD.' })
  date!: string;
}

export class CoverageChoiceDto {
  @ApiProperty({ enum: COVERAGE_PACKAGES })
  @IsIn(COVERAGE_PACKAGES, { message: 'coverage.package must be liability, standard or full.' })
  package!: CoveragePackage;
}

/** POST /api/quotes/estimate: exactly the shape the Home page, the apps and partners send. */
export class EstimateDto {
  @ApiProperty({ example: '85004' })
  @IsString({ message: 'zip must be text.' })
  @Matches(/^\d{5}$/, { message: 'Enter a 5-digit ZIP code.' })
  zip!: string;

  @ApiProperty({ type: VehicleDto })
  @IsObject({ message: 'vehicle is required.' })
  @ValidateNestedObject()
  @Type(() => VehicleDto)
  vehicle!: VehicleDto;

  @ApiProperty({ type: DriverDto })
  @IsObject({ message: 'driver is required.' })
  @ValidateNestedObject()
  @Type(() => DriverDto)
  driver!: DriverDto;

  @ApiProperty({ type: [IncidentDto] })
  @IsArray({ message: 'incidents must be a list (empty when there are none).' })
  @ArrayMaxSize(MAX_INCIDENTS, { message: `At most ${MAX_INCIDENTS} incidents.` })
  @ValidateNestedObject({ each: true })
  @Type(() => IncidentDto)
  incidents!: IncidentDto[];

  @ApiProperty({ example: 600, minimum: 0, maximum: MAX_MILES_PER_MONTH })
  @IsInt({ message: 'milesPerMonth must be a whole number.' })
  @Min(0, { message: `milesPerMonth must be from 0 to ${MAX_MILES_PER_MONTH}.` })
  @Max(MAX_MILES_PER_MONTH, { message: `milesPerMonth must be from 0 to ${MAX_MILES_PER_MONTH}.` })
  milesPerMonth!: number;

  @ApiPropertyOptional({ type: CoverageChoiceDto, description: 'Standard when not given.' })
  @IsOptional()
  @IsObject()
  @ValidateNestedObject()
  @Type(() => CoverageChoiceDto)
  coverage?: CoverageChoiceDto;

  @ApiPropertyOptional({ enum: PRIOR_INSURANCE, description: 'Insurance history; "1-to-3-years" when not given.' })
  @IsOptional()
  @IsIn(PRIOR_INSURANCE, { message: 'priorInsurance is not one we know.' })
  priorInsurance?: PriorInsurance;
}

/** The body of POST and PATCH /api/quotes: one step's answers (or several), each given part checked whole. */
export class QuoteAnswersDto {
  @ApiPropertyOptional({ example: '85004' })
  @IsOptional()
  @IsString({ message: 'zip must be text.' })
  zip?: string;

  @ApiPropertyOptional({ type: VehicleDto })
  @IsOptional()
  @IsObject()
  @ValidateNestedObject()
  @Type(() => VehicleDto)
  vehicle?: VehicleDto;

  @ApiPropertyOptional({ type: DriverDto })
  @IsOptional()
  @IsObject()
  @ValidateNestedObject()
  @Type(() => DriverDto)
  driver?: DriverDto;

  @ApiPropertyOptional({ enum: PRIOR_INSURANCE })
  @IsOptional()
  @IsIn(PRIOR_INSURANCE, { message: 'priorInsurance is not one we know.' })
  priorInsurance?: PriorInsurance;

  @ApiPropertyOptional({ type: [IncidentDto] })
  @IsOptional()
  @IsArray({ message: 'incidents must be a list (empty when there are none).' })
  @ArrayMaxSize(MAX_INCIDENTS, { message: `At most ${MAX_INCIDENTS} incidents.` })
  @ValidateNestedObject({ each: true })
  @Type(() => IncidentDto)
  incidents?: IncidentDto[];

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_MILES_PER_MONTH })
  @IsOptional()
  @IsInt({ message: 'milesPerMonth must be a whole number.' })
  milesPerMonth?: number;
}

export class ContinueQuoteDto {
  @ApiPropertyOptional({ example: 'jane@example.com', description: 'Where the link goes; not needed when signed in.' })
  @IsOptional()
  @IsEmailAddress()
  email?: string;
}

export class WaitlistDto {
  @ApiProperty({ example: 'jane@example.com' })
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ example: '10001' })
  @IsString()
  @Matches(/^\d{5}$/, { message: 'Enter a 5-digit ZIP code.' })
  zip!: string;
}

export class VehicleQueryDto {
  @ApiProperty({ example: 2019 })
  @Type(() => Number)
  @IsInt({ message: 'year must be a whole number.' })
  year!: number;

  @ApiPropertyOptional({ example: 'Honda' })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  make?: string;
}
