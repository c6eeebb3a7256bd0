import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ConsentCookies } from './consent-cookies';
import { ConsentController } from './consent.controller';
import { ConsentRepository } from './consent.repository';
import { ConsentService } from './consent.service';
import { SessionModule } from '../session/session.module';

/** Cookie consent: POST/GET /api/consent and the append-only consent_records. */
@Module({
  imports: [AuthModule, RateLimitModule, SessionModule],
  controllers: [ConsentController],
  providers: [ConsentService, ConsentRepository, ConsentCookies],
})
export class ConsentModule {}
