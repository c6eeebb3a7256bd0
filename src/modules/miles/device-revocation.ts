import { Injectable, Module } from '@nestjs/common';
import { DeviceRepository } from './device.repository';

/**
 * Ends a user's app devices, in the caller's transaction when one is open (StaffDeactivation):
 * the devices' repository stays the miles module's own.
 */
@Injectable()
export class DeviceRevocation {
  constructor(private readonly devices: DeviceRepository) {}

  /** How many devices were still live. */
  revokeAllForUser(userId: string): Promise<number> {
    return this.devices.revokeAllForUser(userId);
  }
}

/** DeviceRevocation on its own, for staff deactivation (the admin screen, scripts/staff.ts) without the whole miles module. */
@Module({ providers: [DeviceRepository, DeviceRevocation], exports: [DeviceRevocation] })
export class DeviceRevocationModule {}
