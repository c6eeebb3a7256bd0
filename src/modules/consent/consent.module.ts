import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { RateLimitModule } from '../rate-limit';
import { SessionModule } from '../session';
import { ConsentCookies } from './consent-cookies';
import { ConsentController } from './consent.controller';
import { ConsentRepository } from './consent.repository';
import { ConsentService } from './consent.service';

/** Cookie consent: POST/GET /api/consent and the append-only consent_records. */
@Module({
  imports: [AuthModule, RateLimitModule, SessionModule],
  controllers: [ConsentController],
  providers: [ConsentService, ConsentRepository, ConsentCookies],
})
export class ConsentModule {}
