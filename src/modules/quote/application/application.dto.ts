import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ValidateNestedObject } from '../../../common/validation/validate-nested-object';
import { MAX_DRIVERS, MAX_VEHICLES, RELATIONSHIPS, type Relationship } from '../../../shared/quote/application-model';
import { COVERAGE_PACKAGES, MAX_INCIDENTS, PRIOR_INSURANCE, type CoveragePackage, type PriorInsurance } from '../../../shared/quote/quote-model';
import { US_STATES } from '../../../shared/us-states';
import { DriverDto, IncidentDto, VehicleDto } from '../quote.dto';

const list = (values: readonly unknown[]) => values as unknown as unknown[];

export class AdditionalDriverDto extends DriverDto {
  @ApiProperty({ enum: RELATIONSHIPS })
  @IsIn(list(RELATIONSHIPS), { message: 'relationship must be one of spouse, partner, child, parent, sibling, other.' })
  relationship!: Relationship;

  @ApiProperty({ type: [IncidentDto] })
  @IsArray({ message: 'incidents must be a list (empty when there are none).' })
  @ArrayMaxSize(MAX_INCIDENTS)
  @ValidateNestedObject({ each: true })
  @Type(() => IncidentDto)
  incidents!: IncidentDto[];
}

export class DriversDto {
  @ApiProperty({ type: [AdditionalDriverDto], description: `The household's other drivers (at most ${MAX_DRIVERS - 1}).` })
  @IsArray({ message: 'drivers must be a list (empty when there are none).' })
  @ArrayMaxSize(MAX_DRIVERS - 1, { message: `At most ${MAX_DRIVERS} drivers in all.` })
  @ValidateNestedObject({ each: true })
  @Type(() => AdditionalDriverDto)
  drivers!: AdditionalDriverDto[];
}

export class VehiclesDto {
  @ApiProperty({ type: [VehicleDto], description: `The other cars (at most ${MAX_VEHICLES - 1}).` })
  @IsArray({ message: 'vehicles must be a list (empty when there are none).' })
  @ArrayMaxSize(MAX_VEHICLES - 1, { message: `At most ${MAX_VEHICLES} cars in all.` })
  @ValidateNestedObject({ each: true })
  @Type(() => VehicleDto)
  vehicles!: VehicleDto[];
}

export class VehicleIdentificationDto {
  @ApiProperty({ example: '1HGCM82633A004352', description: "The car's VIN (ISO 3779, with its check digit); its year and make must be the car's." })
  @IsString({ message: 'vin must be text.' })
  @MaxLength(40)
  vin!: string;
}

export class DriverLicenseDto {
  @ApiProperty({ enum: US_STATES, description: 'The state that issued the license.' })
  @IsString({ message: 'state must be a US postal code.' })
  @MaxLength(2)
  state!: string;

  @ApiPropertyOptional({
    example: 'D12345678',
    description:
      "In the state's format (spaces and hyphens are ignored). Left out or empty, the license on file for the driver is kept when its state is the same.",
  })
  @IsOptional()
  @IsString({ message: 'number must be text.' })
  @MaxLength(40)
  number?: string;
}

/** The identification section: one VIN for each car and one license for each driver, the quote's first. */
export class IdentificationDto {
  @ApiProperty({ type: [VehicleIdentificationDto], description: "The quote's car, then the application's, in order." })
  @IsArray({ message: 'vehicles must be a list.' })
  @ArrayMaxSize(MAX_VEHICLES)
  @ValidateNestedObject({ each: true })
  @Type(() => VehicleIdentificationDto)
  vehicles!: VehicleIdentificationDto[];

  @ApiProperty({ type: [DriverLicenseDto], description: "The quote's driver, then the application's, in order." })
  @IsArray({ message: 'drivers must be a list.' })
  @ArrayMaxSize(MAX_DRIVERS)
  @ValidateNestedObject({ each: true })
  @Type(() => DriverLicenseDto)
  drivers!: DriverLicenseDto[];
}

export class HistoryDto {
  @ApiProperty({ enum: PRIOR_INSURANCE })
  @IsIn(list(PRIOR_INSURANCE), { message: 'priorInsurance is not one we know.' })
  priorInsurance!: PriorInsurance;

  @ApiPropertyOptional({ example: 'Acme Mutual' })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  currentCarrier?: string;
}

export class PackageDto {
  @ApiProperty({ enum: COVERAGE_PACKAGES })
  @IsIn(list(COVERAGE_PACKAGES), { message: 'package must be liability, standard or full.' })
  package!: CoveragePackage;
}
