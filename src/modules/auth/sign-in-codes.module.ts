import { Module } from '@nestjs/common';
import { SignInCodeRepository } from './sign-in-code.repository';
import { SignInCodes } from './sign-in-codes.service';

/** SignInCodes on its own (no mail, no rate limits): for staff deactivation and the maintenance job. */
@Module({ providers: [SignInCodeRepository, SignInCodes], exports: [SignInCodes] })
export class SignInCodesModule {}
