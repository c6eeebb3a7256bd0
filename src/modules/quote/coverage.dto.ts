import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, ValidateIf } from 'class-validator';
import { ValidateNestedObject } from '../../common/validation/validate-nested-object';
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

const list = (values: readonly unknown[]) => values as unknown as unknown[];

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
