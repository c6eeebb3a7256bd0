import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { PolicyModule } from '../policy';
import { PrivacyRequestsModule } from '../privacy-requests';
import { PageDataModule } from '../ssr';
import { DeviceTokenGuard } from './device-token.guard';
import { DeviceRepository } from './device.repository';
import { LocationChoicePageData } from './location-choice-page-data';
import { LocationChoiceController } from './location-choice.controller';
import { LocationChoiceRepository } from './location-choice.repository';
import { LocationChoiceService } from './location-choice.service';
import { MilesErasure } from './miles-erasure';
import { MilesNotifications } from './miles-notifications.service';
import { MilesRepository } from './miles.repository';
import { MilesService } from './miles.service';
import { MobileController } from './mobile.controller';
import { PolicyMilesController } from './policy-miles.controller';
import { StaffMilesController } from './staff-miles.controller';

/** Miles in (the app's trips and readings, the web's readings and disputes), miles per day, and the customer's location choice. */
@Module({
  imports: [AuditModule, PageDataModule, PolicyModule, PrivacyRequestsModule],
  controllers: [MobileController, PolicyMilesController, StaffMilesController, LocationChoiceController],
  providers: [
    MilesService,
    MilesNotifications,
    MilesRepository,
    DeviceRepository,
    DeviceTokenGuard,
    LocationChoiceService,
    LocationChoiceRepository,
    LocationChoicePageData,
    MilesErasure,
  ],
  exports: [MilesService, MilesNotifications, LocationChoiceService, MilesErasure],
})
export class MilesModule {}
