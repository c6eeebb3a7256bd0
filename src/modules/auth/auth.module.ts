import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { UsersModule } from '../users/users.module';
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
