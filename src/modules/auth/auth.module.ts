import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { RateLimitModule } from '../rate-limit';
import { SessionModule } from '../session';
import { UsersModule } from '../users';
import { AuthController } from './auth.controller';
import { MagicLinkService } from './magic-link.service';
import { SignInCodeRepository } from './sign-in-code.repository';
import { SignInCodesModule } from './sign-in-codes.module';
import { SignInEvents } from './sign-in-events';
import { SignInService } from './sign-in.service';

@Module({
  imports: [MailModule, RateLimitModule, SessionModule, SignInCodesModule, UsersModule],
  controllers: [AuthController],
  providers: [MagicLinkService, SignInService, SignInCodeRepository, SignInEvents],
  exports: [MagicLinkService, SignInService, SignInCodesModule, SignInEvents],
})
export class AuthModule {}
