import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { QuoteModule } from '../quote.module';
import { ApplicationController } from './application.controller';
import { ApplicationService } from './application.service';

@Module({
  imports: [AuditModule, QuoteModule],
  controllers: [ApplicationController],
  providers: [ApplicationService],
})
export class ApplicationModule {}
