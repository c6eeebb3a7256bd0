import { AgentRepository } from '../agent/agent.repository';
import { SignInCodes } from '../auth/sign-in-codes.service';
import { DeviceRepository } from '../miles/device.repository';
import { SessionAdmin } from '../session/session-admin.service';
import { UsersService } from '../users/users.service';
import type { DataSource } from 'typeorm';

export interface Deactivated {
  sessions: number;
  codes: number;
  devices: number;
}

/**
 * Deactivating staff ends every credential that came from them, in one transaction: the
 * account (and its agent entry), their own sessions and those in which they act for a
 * customer, their open sign-in codes, and their app devices. Staff cannot make a credential
 * while acting for a customer (OnBehalfCredentialGuard), so nothing else derives from them.
 */
export class StaffDeactivation {
  constructor(private readonly dataSource: DataSource) {}

  /** What ended, or undefined when no agent or admin has the e-mail. */
  deactivate(email: string, now: Date): Promise<Deactivated | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const staff = await UsersService.over(this.dataSource).deactivateStaff(email, manager);
      if (!staff) return undefined;
      if (staff.producerId) await new AgentRepository(this.dataSource).deactivate(staff.producerId, manager);
      return {
        sessions: await SessionAdmin.over(this.dataSource).revoke({ userId: staff.id, email: staff.email }, manager),
        codes: await SignInCodes.over(this.dataSource).voidAllFor(staff, now, manager),
        devices: await new DeviceRepository(this.dataSource).revokeAllForUser(staff.id, manager),
      };
    });
  }
}
