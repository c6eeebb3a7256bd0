import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { ValidateNestedObject } from '../../common/validation/validate-nested-object';
import { MAX_DRIVERS, MAX_VEHICLES, RELATIONSHIPS, type Relationship } from '../../shared/quote/application-model';
import {
  CHOICE_ANSWERS,
  COVERAGE_CHOICES,
  DEDUCTIBLES,
  LIABILITY_LIMITS,
  MEDICAL_PAYMENTS_LIMITS,
  PERSONAL_INJURY_PROTECTION_LIMITS,
  RENTAL_LIMITS,
  UNINSURED_MOTORIST_LIMITS,
  type ChoiceAnswer,
  type CoverageChoice,
  type StackingOption,
  type TortOption,
  type Deductible,
  type LiabilityLimit,
  type MedicalPaymentsLimit,
  type PersonalInjuryProtectionLimit,
  type RentalLimit,
  type UninsuredMotoristLimit,
} from '../../shared/quote/coverage-model';
import { COVERAGE_PACKAGES, MAX_INCIDENTS, PRIOR_INSURANCE, type CoveragePackage, type PriorInsurance } from '../../shared/quote/quote-model';
import { US_STATES } from '../../shared/us-states';
import { DriverDto, IncidentDto, VehicleDto } from '../quote';

const list = (values: readonly unknown[]) => values as unknown as unknown[];

export class AddressDto {
  @ApiProperty({ example: '120 W Washington St' })
  @IsString({ message: 'Enter the street address.' })
  @MaxLength(100)
  line1!: string;

  @ApiPropertyOptional({ example: 'Apt 4' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  line2?: string;

  @ApiProperty({ example: 'Phoenix' })
  @IsString({ message: 'Enter the city.' })
  @MaxLength(60)
  city!: string;
}

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

/** The answers to the state's written questions (GET packages: rules.choices), each optional. */
export class CoverageChoicesDto {
  @ApiPropertyOptional({ enum: COVERAGE_CHOICES })
  @IsOptional()
  @IsIn(list(COVERAGE_CHOICES), { message: 'choices.uninsuredMotorist must be select or reject.' })
  uninsuredMotorist?: CoverageChoice;

  @ApiPropertyOptional({ enum: COVERAGE_CHOICES })
  @IsOptional()
  @IsIn(list(COVERAGE_CHOICES), { message: 'choices.personalInjuryProtection must be select or reject.' })
  personalInjuryProtection?: CoverageChoice;

  @ApiPropertyOptional({ enum: CHOICE_ANSWERS.tortOption, description: "Pennsylvania's tort option (75 Pa.C.S. § 1705)." })
  @IsOptional()
  @IsIn(list(CHOICE_ANSWERS.tortOption), { message: 'choices.tortOption must be full or limited.' })
  tortOption?: TortOption;

  @ApiPropertyOptional({ enum: CHOICE_ANSWERS.uninsuredMotoristStacking, description: "Pennsylvania's uninsured motorist stacking (75 Pa.C.S. § 1738)." })
  @IsOptional()
  @IsIn(list(CHOICE_ANSWERS.uninsuredMotoristStacking), { message: 'choices.uninsuredMotoristStacking must be unstacked or stacked.' })
  uninsuredMotoristStacking?: StackingOption;

  @ApiPropertyOptional({
    enum: CHOICE_ANSWERS.uninsuredMotoristLowerLimits,
    description:
      'The written request for uninsured motorist limits below the bodily injury liability limits (Illinois 215 ILCS 5/143a-2(1), Oregon ORS 742.502(2)); asked only while they are below.',
  })
  @IsOptional()
  @IsIn(list(CHOICE_ANSWERS.uninsuredMotoristLowerLimits), { message: 'choices.uninsuredMotoristLowerLimits must be requested.' })
  uninsuredMotoristLowerLimits?: ChoiceAnswer<'uninsuredMotoristLowerLimits'>;
}

/** Every coverage, each given: `null` where the coverage is not wanted. */
export class CoverageDto {
  @ApiProperty({ enum: LIABILITY_LIMITS })
  @IsIn(list(LIABILITY_LIMITS), { message: 'liability is not a limit we offer.' })
  liability!: LiabilityLimit;

  @ApiProperty({ enum: DEDUCTIBLES, nullable: true })
  @ValidateIf((c: CoverageDto) => c.comprehensiveDeductible !== null)
  @IsIn(list(DEDUCTIBLES), { message: 'comprehensiveDeductible is not a deductible we offer (or null).' })
  comprehensiveDeductible!: Deductible | null;

  @ApiProperty({ enum: DEDUCTIBLES, nullable: true })
  @ValidateIf((c: CoverageDto) => c.collisionDeductible !== null)
  @IsIn(list(DEDUCTIBLES), { message: 'collisionDeductible is not a deductible we offer (or null).' })
  collisionDeductible!: Deductible | null;

  @ApiProperty({ enum: UNINSURED_MOTORIST_LIMITS, nullable: true })
  @ValidateIf((c: CoverageDto) => c.uninsuredMotorist !== null)
  @IsIn(list(UNINSURED_MOTORIST_LIMITS), { message: 'uninsuredMotorist is not a limit we offer (or null).' })
  uninsuredMotorist!: UninsuredMotoristLimit | null;

  @ApiProperty({ enum: MEDICAL_PAYMENTS_LIMITS, nullable: true })
  @ValidateIf((c: CoverageDto) => c.medicalPayments !== null)
  @IsIn(list(MEDICAL_PAYMENTS_LIMITS), { message: 'medicalPayments is not a limit we offer (or null).' })
  medicalPayments!: MedicalPaymentsLimit | null;

  @ApiPropertyOptional({
    enum: PERSONAL_INJURY_PROTECTION_LIMITS,
    nullable: true,
    description: 'Only where the state has it (rules.personalInjuryProtection); null when not given.',
  })
  @IsOptional()
  @IsIn(list(PERSONAL_INJURY_PROTECTION_LIMITS), { message: 'personalInjuryProtection is not a limit we offer (or null).' })
  personalInjuryProtection?: PersonalInjuryProtectionLimit | null;

  @ApiProperty({ enum: RENTAL_LIMITS, nullable: true })
  @ValidateIf((c: CoverageDto) => c.rental !== null)
  @IsIn(list(RENTAL_LIMITS), { message: 'rental is not a limit we offer (or null).' })
  rental!: RentalLimit | null;

  @ApiProperty()
  @IsBoolean({ message: 'roadside must be true or false.' })
  roadside!: boolean;

  @ApiPropertyOptional({ type: CoverageChoicesDto, description: 'Required before confirming where the state asks (rules.choices).' })
  @IsOptional()
  @ValidateNestedObject()
  @Type(() => CoverageChoicesDto)
  choices?: CoverageChoicesDto;
}
