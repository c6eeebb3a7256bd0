import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { RateLimitModule } from '../rate-limit';
import { SessionModule } from '../session';
import { MaintenanceService } from './maintenance.service';

@Module({ imports: [AuthModule, RateLimitModule, SessionModule], providers: [MaintenanceService] })
export class MaintenanceModule {}
