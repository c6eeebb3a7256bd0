import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { IsPageNumber } from '../../common/validation/page-number';

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

export class CustomersQueryDto {
  @ApiPropertyOptional({ description: "Part of a customer's e-mail or name.", example: 'jane' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(254, { message: 'The search is too long.' })
  @Matches(/^[^\p{Cc}]*$/u, { message: 'The search must be one line of text.' })
  search?: string;

  @IsPageNumber()
  page?: number;
}
