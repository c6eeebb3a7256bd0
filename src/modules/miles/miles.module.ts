import { Module } from '@nestjs/common';
import { PolicyModule } from '../policy/policy.module';
import { DeviceTokenGuard } from './device-token.guard';
import { DeviceRepository } from './device.repository';
import { MilesRepository } from './miles.repository';
import { MilesService } from './miles.service';
import { MobileController } from './mobile.controller';
import { PolicyMilesController } from './policy-miles.controller';

/** Miles in (the app's trips and readings, the web's readings and disputes) and miles per day. */
@Module({
  imports: [PolicyModule],
  controllers: [MobileController, PolicyMilesController],
  providers: [MilesService, MilesRepository, DeviceRepository, DeviceTokenGuard],
  exports: [MilesService],
})
export class MilesModule {}
