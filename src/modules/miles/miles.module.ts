import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { PolicyModule } from '../policy';
import { DeviceTokenGuard } from './device-token.guard';
import { DeviceRepository } from './device.repository';
import { MilesNotifications } from './miles-notifications.service';
import { MilesRepository } from './miles.repository';
import { MilesService } from './miles.service';
import { MobileController } from './mobile.controller';
import { PolicyMilesController } from './policy-miles.controller';
import { StaffMilesController } from './staff-miles.controller';

/** Miles in (the app's trips and readings, the web's readings and disputes) and miles per day. */
@Module({
  imports: [AuditModule, PolicyModule],
  controllers: [MobileController, PolicyMilesController, StaffMilesController],
  providers: [MilesService, MilesNotifications, MilesRepository, DeviceRepository, DeviceTokenGuard],
  exports: [MilesService, MilesNotifications],
})
export class MilesModule {}
