import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsInstant } from '../../common/validation/calendar-day';
import { CLAIM_MESSAGE_MAX_LENGTH } from '../../shared/claims/claim-messages';
import { CLAIM_KINDS, CLAIM_TEXT_LIMITS, type ClaimKind, type NewClaim } from '../../shared/claims/claim-model';
import { CLAIM_STATUSES, type ClaimStatus } from '../../shared/claims/claim-states';
import { MAX_VEHICLE_INDEX } from '../../shared/policy/policy-cars';

const trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
/** An optional text: blank is the same as absent. */
const trimmedOrAbsent = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value));

/** A first notice of loss, as the customer (or staff acting for them) sends it; its photos follow, one request each (POST /api/claims/:id/photos). */
export class NewClaimDto implements NewClaim {
  @ApiProperty({ description: "One of the customer's policies (GET /api/policies)." })
  @IsUUID('all', { message: 'policyId must be the id of one of your policies.' })
  policyId!: string;

  @ApiProperty({ example: 0, description: "Which car: its number on the policy (the policy's vehicles[].vehicleIndex), a car since removed too." })
  @IsInt({ message: 'vehicleIndex must be the number of a car on the policy.' })
  @Min(0)
  @Max(MAX_VEHICLE_INDEX)
  vehicleIndex!: number;

  @ApiProperty({ enum: CLAIM_KINDS })
  @IsIn(CLAIM_KINDS, { message: 'kind must be accident or theft.' })
  kind!: ClaimKind;

  @ApiProperty({ example: '2026-11-24T17:30:00Z', description: 'When it happened: not in the future, not before the policy started.' })
  @IsInstant('occurredAt must be an ISO 8601 time ending in Z or a UTC offset.')
  occurredAt!: string;

  @ApiProperty({ example: 'Camelback Rd and 24th St, Phoenix' })
  @trimmed()
  @IsString()
  @MinLength(3, { message: 'location must say where it happened (at least 3 characters).' })
  @MaxLength(CLAIM_TEXT_LIMITS.location)
  location!: string;

  @ApiProperty({ example: 'A car ran the red light and hit my passenger door.' })
  @trimmed()
  @IsString()
  @MinLength(10, { message: 'description must say what happened (at least 10 characters).' })
  @MaxLength(CLAIM_TEXT_LIMITS.description)
  description!: string;

  @ApiPropertyOptional({ description: 'The other driver or party: name, insurer, plate, as known.' })
  @trimmedOrAbsent()
  @IsOptional()
  @IsString()
  @MaxLength(CLAIM_TEXT_LIMITS.otherParty)
  otherParty?: string;

  @ApiPropertyOptional({ example: 'PHX-2026-118234' })
  @trimmedOrAbsent()
  @IsOptional()
  @IsString()
  @Matches(/^[\w\-/. #]+$/, { message: 'policeReport must be the report number as the police wrote it (letters, digits, - / . #).' })
  @MaxLength(CLAIM_TEXT_LIMITS.policeReport)
  policeReport?: string;

  @ApiProperty({ description: 'Whether anyone was hurt.' })
  @IsBoolean({ message: 'injuries must be true or false.' })
  injuries!: boolean;
}

/** Staff move a claim to its next state, with the note the customer sees. */
export class ClaimStatusDto {
  @ApiProperty({ enum: CLAIM_STATUSES })
  @IsIn(CLAIM_STATUSES, { message: `to must be one of ${CLAIM_STATUSES.join(', ')}.` })
  to!: ClaimStatus;

  @ApiPropertyOptional({ enum: CLAIM_STATUSES, description: 'The state the screen showed: refused with CLAIM_STATUS_CHANGED when it has moved since.' })
  @IsOptional()
  @IsIn(CLAIM_STATUSES, { message: `from must be one of ${CLAIM_STATUSES.join(', ')}.` })
  from?: ClaimStatus;

  @ApiProperty({ example: 'We have your photos and the police report; an adjuster will call you by Friday.' })
  @trimmed()
  @IsString()
  @MinLength(3, { message: 'note must tell the customer something (at least 3 characters).' })
  @MaxLength(CLAIM_TEXT_LIMITS.note)
  note!: string;
}

/** GET /api/agent/claims?status=: one state's claims, or all. */
export class StaffClaimsQueryDto {
  @ApiPropertyOptional({ enum: CLAIM_STATUSES })
  @IsOptional()
  @IsIn(CLAIM_STATUSES, { message: `status must be one of ${CLAIM_STATUSES.join(', ')}.` })
  status?: ClaimStatus;
}

/** A message on a claim, from the customer (POST /api/claims/:id/messages) or staff (POST /api/agent/claims/:id/messages). */
export class ClaimMessageDto {
  @ApiProperty({ example: 'The body shop says the door needs replacing; can I send their estimate?', maxLength: CLAIM_MESSAGE_MAX_LENGTH })
  @trimmed()
  @IsString({ message: 'body must be the message, as text.' })
  @MinLength(1, { message: 'body must say something: the message is empty.' })
  @MaxLength(CLAIM_MESSAGE_MAX_LENGTH, { message: `body may be at most ${CLAIM_MESSAGE_MAX_LENGTH} characters.` })
  body!: string;
}
