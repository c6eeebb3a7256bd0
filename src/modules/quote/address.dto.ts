import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** A garaging address's street and city (the ZIP and state are the quote's): the application's, and a policy change's. */
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
