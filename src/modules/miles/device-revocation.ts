import { DeviceRepository } from './device.repository';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Ends a user's app devices in the caller's transaction, for code built outside Nest over the
 * DataSource (StaffDeactivation, scripts/staff.ts): the devices' repository stays the miles module's own.
 */
export class DeviceRevocation {
  private constructor(private readonly devices: DeviceRepository) {}

  static over(dataSource: DataSource): DeviceRevocation {
    return new DeviceRevocation(new DeviceRepository(dataSource));
  }

  /** How many devices were still live. */
  revokeAllForUser(userId: string, manager: EntityManager): Promise<number> {
    return this.devices.revokeAllForUser(userId, manager);
  }
}
