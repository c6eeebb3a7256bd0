import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { IsCalendarDay } from '../../../common/validation/calendar-day';
import { ValidateNestedObject } from '../../../common/validation/validate-nested-object';
import { MAX_VEHICLE_INDEX } from '../../../shared/policy/policy-cars';
import { POLICY_CHANGE_KINDS, type PolicyChangeKind } from '../../../shared/policy/policy-change-model';
import { MAX_VEHICLES, RELATIONSHIPS, type Relationship } from '../../../shared/quote/application-model';
import { COVERAGE_PACKAGES, MAX_INCIDENTS, type CoveragePackage } from '../../../shared/quote/quote-model';
import { US_STATES } from '../../../shared/us-states';
import { AddressDto, CoverageDto, IncidentDto } from '../../quote';

const list = (values: readonly unknown[]) => values as unknown as unknown[];
const needs = (...kinds: PolicyChangeKind[]) => ValidateIf((body: PolicyChangeDto) => kinds.includes(body.kind));

export class ChangeVehicleDto {
  @ApiProperty({ example: '1HGCM82633A004352', description: "The car's VIN: its year and make must be the car's." })
  @IsString({ message: 'vehicle.vin must be text.' })
  @MinLength(17, { message: 'A VIN has exactly 17 characters.' })
  @MaxLength(17, { message: 'A VIN has exactly 17 characters.' })
  vin!: string;

  @ApiProperty({ example: 2019 })
  @IsInt({ message: 'vehicle.year must be a whole number.' })
  year!: number;

  @ApiProperty({ example: 'Honda' })
  @IsString({ message: 'vehicle.make must be text.' })
  @MaxLength(60)
  make!: string;

  @ApiProperty({ example: 'Civic' })
  @IsString({ message: 'vehicle.model must be text.' })
  @MaxLength(60)
  model!: string;
}

export class ChangeLicenseDto {
  @ApiProperty({ enum: US_STATES })
  @IsIn(list(US_STATES), { message: 'driver.license.state must be a US postal code.' })
  state!: string;

  @ApiProperty({ example: 'D08954796' })
  @IsString({ message: 'driver.license.number must be text.' })
  @MaxLength(40)
  number!: string;
}

export class ChangeDriverDto {
  @ApiProperty({ example: 'Luis' })
  @IsString({ message: 'Enter the first name.' })
  @MinLength(1, { message: 'Enter the first name.' })
  @MaxLength(60)
  firstName!: string;

  @ApiProperty({ example: 'García' })
  @IsString({ message: 'Enter the last name.' })
  @MinLength(1, { message: 'Enter the last name.' })
  @MaxLength(60)
  lastName!: string;

  @ApiProperty({ example: '1986-02-20' })
  @IsCalendarDay('driver.birthDate must be a day on the calendar, written YYYY-MM-DD.')
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'driver.birthDate must be a day on the calendar, written YYYY-MM-DD.' })
  birthDate!: string;

  @ApiProperty({ enum: RELATIONSHIPS })
  @IsIn(list(RELATIONSHIPS), { message: 'driver.relationship must be one of spouse, partner, child, parent, sibling, other.' })
  relationship!: Relationship;

  @ApiProperty({ example: 12 })
  @IsInt({ message: 'driver.yearsLicensed must be a whole number.' })
  @Min(0, { message: 'driver.yearsLicensed cannot be negative.' })
  @Max(100, { message: 'driver.yearsLicensed is too large.' })
  yearsLicensed!: number;

  @ApiProperty({ type: ChangeLicenseDto })
  @ValidateNestedObject()
  @Type(() => ChangeLicenseDto)
  license!: ChangeLicenseDto;

  @ApiProperty({
    type: [IncidentDto],
    description: "Accidents, claims and violations of the last three years (in the policy's state), none in the future; [] when there were none.",
  })
  @IsArray({ message: 'driver.incidents must be a list (empty when there are none).' })
  @ArrayMaxSize(MAX_INCIDENTS, { message: `At most ${MAX_INCIDENTS} incidents; for more, call us.` })
  @ValidateNestedObject({ each: true, message: 'driver.incidents must be a list of incidents, each with a type and a date.' })
  @Type(() => IncidentDto)
  incidents!: IncidentDto[];
}

export class ChangeAddressDto extends AddressDto {
  @ApiProperty({ example: '78701', description: 'The ZIP code sets the state; a state we do not sell in is refused.' })
  @IsString({ message: 'Enter a 5-digit ZIP code.' })
  @Matches(/^\d{5}$/, { message: 'Enter a 5-digit ZIP code.' })
  zip!: string;
}

/** POST /api/policies/:id/changes: one change, priced and kept for the customer to confirm. */
export class PolicyChangeDto {
  @ApiProperty({ enum: POLICY_CHANGE_KINDS })
  @IsIn(list(POLICY_CHANGE_KINDS), { message: `kind must be one of ${POLICY_CHANGE_KINDS.join(', ')}.` })
  kind!: PolicyChangeKind;

  @ApiProperty({ example: '2026-12-10', description: "From today (the policy's state's day) to the last day of the current billing period." })
  @IsCalendarDay('effectiveDate must be a day on the calendar, written YYYY-MM-DD.')
  effectiveDate!: string;

  @ApiPropertyOptional({ type: ChangeVehicleDto, description: 'add-vehicle, replace-vehicle' })
  @needs('add-vehicle', 'replace-vehicle')
  @ValidateNestedObject()
  @Type(() => ChangeVehicleDto)
  vehicle?: ChangeVehicleDto;

  @ApiPropertyOptional({
    example: 0,
    description: "replace-vehicle, remove-vehicle: the car's number on the policy (its vehicles[].vehicleIndex), not its place in the list.",
  })
  @needs('replace-vehicle', 'remove-vehicle')
  @IsInt({ message: 'vehicleIndex must be a whole number.' })
  @Min(0, { message: 'vehicleIndex must be a car of the policy.' })
  @Max(MAX_VEHICLE_INDEX, { message: 'vehicleIndex must be a car of the policy.' })
  vehicleIndex?: number;

  @ApiPropertyOptional({ type: ChangeDriverDto, description: 'add-driver' })
  @needs('add-driver')
  @ValidateNestedObject()
  @Type(() => ChangeDriverDto)
  driver?: ChangeDriverDto;

  @ApiPropertyOptional({ example: 1, description: 'remove-driver: never 0, the named insured.' })
  @needs('remove-driver')
  @IsInt({ message: 'driverIndex must be a whole number.' })
  @Min(1, { message: 'The named insured stays on the policy.' })
  @Max(MAX_VEHICLES - 1, { message: 'driverIndex must be a driver of the policy.' })
  driverIndex?: number;

  @ApiPropertyOptional({ type: ChangeAddressDto, description: 'address: the new garaging address; its ZIP sets the state.' })
  @needs('address')
  @ValidateNestedObject()
  @Type(() => ChangeAddressDto)
  address?: ChangeAddressDto;

  @ApiPropertyOptional({ enum: COVERAGE_PACKAGES, description: 'coverage' })
  @needs('coverage')
  @IsIn(list(COVERAGE_PACKAGES), { message: 'coveragePackage must be liability, standard or full.' })
  coveragePackage?: CoveragePackage;

  @ApiPropertyOptional({ type: CoverageDto, description: 'coverage: the whole coverage wanted.' })
  @needs('coverage')
  @ValidateNestedObject()
  @Type(() => CoverageDto)
  coverage?: CoverageDto;
}
