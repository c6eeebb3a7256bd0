import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class AgentLookupDto {
  @ApiProperty({ example: 'MTR-1001' })
  @IsString()
  @IsNotEmpty({ message: 'producerId is required.' })
  @MaxLength(40)
  producerId!: string;
}

export class ActForCustomerDto {
  @ApiProperty({ example: 'jane@example.com' })
  @IsString()
  @IsNotEmpty({ message: "Enter the customer's e-mail address." })
  @MaxLength(254, { message: 'That e-mail address is too long.' })
  @Matches(/^[^\r\n]*$/, { message: 'That e-mail address is not valid.' })
  @IsEmail({ require_tld: true }, { message: 'That e-mail address is not valid.' })
  email!: string;
}

export class AgentDetailsDto {
  @ApiProperty() producerId!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiProperty() licenseNumber!: string;
  @ApiProperty({ type: [String] }) licensedStates!: string[];
  @ApiProperty() active!: boolean;
}
