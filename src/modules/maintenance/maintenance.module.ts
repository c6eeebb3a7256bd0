import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { SessionModule } from '../session/session.module';
import { MaintenanceService } from './maintenance.service';

@Module({ imports: [AuthModule, RateLimitModule, SessionModule], providers: [MaintenanceService] })
export class MaintenanceModule {}
