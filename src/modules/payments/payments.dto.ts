import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { POSTAL_CODE_PATTERN } from '../../shared/payment/card-number';
import type { SandboxCardInput } from '../../shared/payment/payment-model';

/**
 * A card typed into the sandbox's form: what Stripe.js would send to Stripe. Used by the
 * sandbox's tokenizing endpoint only; our purchase and profile APIs take the token it answers.
 * No message here repeats the value it refuses.
 */
export class SandboxCardDto implements SandboxCardInput {
  @ApiProperty({ example: '4242 4242 4242 4242', description: 'Digits, with spaces or dashes between groups if you like.' })
  @IsString({ message: 'number must be text.' })
  @MaxLength(30, { message: 'number is too long for a card number.' })
  @Matches(/^[\d\s-]+$/, { message: 'number must be digits.' })
  number!: string;

  @ApiProperty({ example: 12, minimum: 1, maximum: 12 })
  @IsInt({ message: 'expMonth must be a whole number.' })
  @Min(1, { message: 'expMonth must be from 1 to 12.' })
  @Max(12, { message: 'expMonth must be from 1 to 12.' })
  expMonth!: number;

  @ApiProperty({ example: 2030, description: 'Four digits, or two (this century).' })
  @IsInt({ message: 'expYear must be a whole number.' })
  @Min(0, { message: 'expYear must be a year.' })
  @Max(2200, { message: 'expYear must be a year.' })
  expYear!: number;

  @ApiProperty({ example: '123', description: 'Checked for its form and dropped: never kept.' })
  @IsString({ message: 'cvc must be text.' })
  @Matches(/^\d{3,4}$/, { message: 'cvc must be 3 or 4 digits.' })
  cvc!: string;

  @ApiProperty({ example: '85004', description: 'The billing ZIP code.' })
  @IsString({ message: 'postalCode must be text.' })
  @Matches(POSTAL_CODE_PATTERN, { message: 'postalCode must be a 5-digit ZIP code.' })
  postalCode!: string;
}

export class CardTokenDto {
  @ApiProperty({ example: 'tok_sandbox_Xb3k…' }) token!: string;
  @ApiProperty({ example: 'visa' }) brand!: string;
  @ApiProperty({ example: '4242' }) last4!: string;
  @ApiProperty({ example: 12 }) expMonth!: number;
  @ApiProperty({ example: 2030 }) expYear!: number;
}

export class SavePaymentMethodDto {
  @ApiProperty({ description: 'The token CardEntry made: pm_… (Stripe) or tok_sandbox_….' })
  @IsString({ message: 'token must be text.' })
  @Matches(/^(pm|tok_sandbox)_[A-Za-z0-9_-]{4,200}$/, { message: 'token must be a payment token.' })
  token!: string;

  @ApiPropertyOptional({ description: 'Stripe: the setup an earlier answer asked to authenticate, now done.' })
  @IsOptional()
  @IsString({ message: 'setupRef must be text.' })
  @Matches(/^seti_[A-Za-z0-9_]{4,200}$/, { message: 'setupRef must be a setup reference.' })
  setupRef?: string;
}

export class PaymentMethodDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'visa' }) brand!: string;
  @ApiProperty({ example: '4242' }) last4!: string;
  @ApiProperty({ example: 12 }) expMonth!: number;
  @ApiProperty({ example: 2030 }) expYear!: number;
  @ApiProperty() createdAt!: string;
}
