import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsInstant } from '../../common/validation/calendar-day';
import { IsEmailAddress } from '../../common/validation/is-email-address';
import { IsPageNumber } from '../../common/validation/page-number';
import { AUDIT_KINDS, type AuditKind } from '../../shared/audit/audit-actions';
import { PRIVACY_REQUEST_STATUSES, type PrivacyRequestStatus } from '../../shared/privacy/privacy-request-model';
import { US_STATES } from '../../shared/us-states';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** One line of text, no control characters. */
const ONE_LINE = /^[^\p{Cc}]*$/u;

/** The audit log's filters; every one optional. `from` inclusive, `to` exclusive. */
export class AuditFilterDto {
  @ApiPropertyOptional({ description: 'Actor: a user id or e-mail.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(254)
  actor?: string;

  @ApiPropertyOptional({ description: 'Customer: a user id or e-mail.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(254)
  customer?: string;

  @ApiPropertyOptional({ description: 'An action, exactly (GET /api/admin/audit/actions lists them).', example: 'session.revoke' })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  @Matches(/^[a-z0-9.-]+$/, { message: 'action must be an action name such as session.revoke.' })
  action?: string;

  @ApiPropertyOptional({ description: 'From this instant (inclusive), ISO 8601 with an offset.', example: '2026-11-01T00:00:00Z' })
  @IsOptional()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'Until this instant (exclusive), ISO 8601 with an offset.', example: '2026-12-01T00:00:00Z' })
  @IsOptional()
  @IsInstant()
  to?: string;

  @ApiPropertyOptional({
    enum: AUDIT_KINDS,
    description:
      'actions: what staff did; reads: the customer data their screens read by themselves; all (or absent): both. An `action` chosen is shown whatever the kind.',
  })
  @IsOptional()
  @IsIn(AUDIT_KINDS)
  kind?: AuditKind;
}

export class AuditQueryDto extends AuditFilterDto {
  @IsPageNumber()
  page?: number;
}

export class SessionsQueryDto {
  @ApiProperty({ example: 'jane@example.com' })
  @Transform(trimmed)
  @IsEmailAddress()
  email!: string;
}

export class AddStaffDto {
  @ApiProperty({ enum: ['agent', 'admin'] })
  @IsIn(['agent', 'admin'], { message: 'role must be agent or admin.' })
  role!: 'agent' | 'admin';

  @ApiProperty({ example: 'dana@meterly.example' })
  @Transform(trimmed)
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ example: 'Dana Reyes' })
  @Transform(trimmed)
  @IsString({ message: 'Enter a name.' })
  @IsNotEmpty({ message: 'Enter a name.' })
  @MaxLength(120, { message: 'The name is too long.' })
  @Matches(ONE_LINE, { message: 'The name must be one line of text.' })
  name!: string;

  @ApiPropertyOptional({ description: 'Agents: their producer number.', example: 'MTR-1003' })
  @ValidateIf((dto: AddStaffDto) => dto.role === 'agent')
  @Transform(trimmed)
  @IsProducerId()
  producerId?: string;

  @ApiPropertyOptional({ description: 'Agents: a phone number.', example: '+1 602-555-0100' })
  @ValidateIf((dto: AddStaffDto) => dto.role === 'agent')
  @Transform(trimmed)
  @IsString({ message: 'Enter a phone number.' })
  @Matches(/^\+?[0-9 ().-]{7,25}$/, { message: 'Enter a phone number (digits, spaces, + ( ) . -).' })
  phone?: string;

  @ApiPropertyOptional({ description: "Agents: their state insurance license's number.", example: 'AZ-1234567' })
  @ValidateIf((dto: AddStaffDto) => dto.role === 'agent')
  @Transform(trimmed)
  @IsString({ message: 'Enter the license number.' })
  @Matches(/^[A-Za-z0-9-]{3,40}$/, { message: 'Enter the license number (letters, digits and -).' })
  licenseNumber?: string;

  @ApiPropertyOptional({ description: 'Agents: the states they are licensed in.', example: ['AZ', 'TX'] })
  @ValidateIf((dto: AddStaffDto) => dto.role === 'agent')
  @IsLicensedStates()
  licensedStates?: string[];
}

export class StaffLicenceDto {
  @ApiProperty({ example: 'MTR-1003' })
  @Transform(trimmed)
  @IsProducerId()
  producerId!: string;

  @ApiProperty({ example: ['AZ', 'TX'] })
  @IsLicensedStates()
  licensedStates!: string[];
}

function IsProducerId(): PropertyDecorator {
  return (target, key) => {
    Matches(/^[A-Z]{2,5}-\d{3,8}$/, { message: 'The producer number looks like MTR-1003.' })(target, key);
    IsString({ message: 'Enter the producer number.' })(target, key);
  };
}

function IsLicensedStates(): PropertyDecorator {
  return (target, key) => {
    IsIn(US_STATES, { each: true, message: 'Licensed states are two-letter US state codes.' })(target, key);
    ArrayMaxSize(US_STATES.length)(target, key);
    ArrayMinSize(1, { message: 'Choose at least one state.' })(target, key);
    IsArray({ message: 'Choose at least one state.' })(target, key);
  };
}

/** GET /api/admin/privacy-requests: by status (every status when left out), a page at a time. */
export class PrivacyRequestsQueryDto {
  @ApiPropertyOptional({ enum: PRIVACY_REQUEST_STATUSES, description: 'Only requests in this status.' })
  @IsOptional()
  @IsIn(PRIVACY_REQUEST_STATUSES, { message: `status must be one of ${PRIVACY_REQUEST_STATUSES.join(', ')}.` })
  status?: PrivacyRequestStatus;

  @IsPageNumber()
  page?: number;
}

/** POST /api/admin/privacy-requests/:id/extend and /deny: the reason the customer is told. */
export class PrivacyRequestReasonDto {
  @ApiProperty({ example: 'Your claims file is kept by our insurer; we are gathering it.', description: 'Why (the customer is told it), 3 to 500 characters.' })
  @Transform(trimmed)
  @IsString({ message: 'reason is required: the customer is told why.' })
  @IsNotEmpty({ message: 'reason is required: the customer is told why.' })
  @MaxLength(500, { message: 'reason must be at most 500 characters.' })
  @Matches(/^[^\p{Cc}]{3,}$/u, { message: 'reason must be at least 3 characters, on one line.' })
  reason!: string;
}

/** POST /api/admin/privacy-requests/:id/complete: what was done, optionally. */
export class PrivacyRequestCompleteDto {
  @ApiPropertyOptional({ example: 'Answered by post on the customer’s request.', description: 'What was done, at most 500 characters.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(500, { message: 'note must be at most 500 characters.' })
  @Matches(ONE_LINE, { message: 'note must be one line of text.' })
  note?: string;
}
