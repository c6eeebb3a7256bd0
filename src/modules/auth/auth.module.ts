import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { RateLimitModule } from '../rate-limit';
import { SessionModule } from '../session';
import { UsersModule } from '../users';
import { AuthController } from './auth.controller';
import { MagicLinkService } from './magic-link.service';
import { SignInCodeRepository } from './sign-in-code.repository';
import { SignInCodes } from './sign-in-codes.service';
import { SignInEvents } from './sign-in-events';
import { SignInService } from './sign-in.service';

@Module({
  imports: [MailModule, RateLimitModule, SessionModule, UsersModule],
  controllers: [AuthController],
  providers: [MagicLinkService, SignInService, SignInCodeRepository, SignInCodes, SignInEvents],
  exports: [MagicLinkService, SignInService, SignInCodes, SignInEvents],
})
export class AuthModule {}
