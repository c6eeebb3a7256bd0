import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../../common/validation/is-email-address';
import { HOUSEHOLD_ROLES, type HouseholdRole } from '../../../shared/policy/household-model';

/** POST /api/policies/:id/household */
export class InviteHouseholdDto {
  @ApiProperty({ example: 'Luis García', description: 'The person invited, as the invitation greets them.' })
  @Matches(/^[^\r\n<>]*$/, { message: 'Enter a name on one line, without < or >.' })
  @MaxLength(100, { message: 'The name is too long (100 characters at most).' })
  @IsNotEmpty({ message: 'Enter the name of the person you invite.' })
  @IsString({ message: 'Enter the name of the person you invite.' })
  name!: string;

  @ApiProperty({ example: 'luis@example.com', description: 'Where the invitation goes; they accept signed in as this address.' })
  @IsEmailAddress()
  email!: string;

  @ApiProperty({ enum: HOUSEHOLD_ROLES, description: 'view (see only), pay (and pay), claim (and report a claim), change (all of these and policy changes).' })
  @IsIn(HOUSEHOLD_ROLES, { message: 'Choose what they may do: view, pay, claim or change.' })
  role!: HouseholdRole;
}

/** PATCH /api/policies/:id/household/:memberId */
export class ChangeHouseholdRoleDto {
  @ApiProperty({ enum: HOUSEHOLD_ROLES, description: 'The role from now on (a pending invitation: the role it will give).' })
  @IsIn(HOUSEHOLD_ROLES, { message: 'Choose what they may do: view, pay, claim or change.' })
  role!: HouseholdRole;
}

/** POST /api/household/accept */
export class AcceptHouseholdDto {
  @ApiProperty({ description: "The invitation's token, from its link." })
  @MaxLength(100, { message: 'That invitation link is not valid.' })
  @IsNotEmpty({ message: 'That invitation link is not valid.' })
  @IsString({ message: 'That invitation link is not valid.' })
  token!: string;
}
