import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_REDIRECT_LENGTH } from '../../shared/safe-redirect';

export class MagicLinkRequestDto {
  @ApiProperty({ example: 'jane@example.com', maxLength: 254 })
  @IsString({ message: 'Enter your e-mail address.' })
  @IsNotEmpty({ message: 'Enter your e-mail address.' })
  @MaxLength(254, { message: 'That e-mail address is too long.' })
  @Matches(/^[^\r\n]*$/, { message: 'That e-mail address is not valid.' })
  @IsEmail({ allow_display_name: false, require_tld: true }, { message: 'That e-mail address is not valid.' })
  email!: string;

  @ApiPropertyOptional({ example: '/quote/application', description: 'A page of this site to land on after sign-in.' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_REDIRECT_LENGTH, { message: 'The redirect must be a page of this site.' })
  redirectUri?: string;
}

export class ExchangeTokenDto {
  @ApiProperty({ description: 'The code from the sign-in link.' })
  @IsString({ message: 'This sign-in link is not valid. Ask for a new one.' })
  @IsNotEmpty({ message: 'This sign-in link is not valid. Ask for a new one.' })
  @MaxLength(128, { message: 'This sign-in link is not valid. Ask for a new one.' })
  code!: string;
}

export class ExchangeTokenAnswer {
  @ApiProperty() success!: true;
  @ApiProperty({ example: { redirectTo: '/quote/application' } }) payload!: { redirectTo?: string };
}

export class SuccessAnswer {
  @ApiProperty() success!: true;
}

export class AppCodeAnswer {
  @ApiProperty() success!: true;
  @ApiProperty({ example: { code: '…', link: 'https://go.meterly.example/web-login#code=…', expiresAt: '2026-11-22T10:05:00.000Z' } })
  payload!: { code: string; link: string; expiresAt: string };
}
