import { StaffEnrolment } from '../agent';
import { SignInCodes } from '../auth';
import { DeviceRevocation } from '../miles';
import { SessionAdmin } from '../session';
import { UsersService } from '../users';
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
      if (staff.producerId) await new StaffEnrolment(this.dataSource).deactivateAgent(staff.producerId, manager);
      return {
        sessions: await SessionAdmin.over(this.dataSource).revoke({ userId: staff.id, email: staff.email }, manager),
        codes: await SignInCodes.over(this.dataSource).voidAllFor(staff, now, manager),
        devices: await DeviceRevocation.over(this.dataSource).revokeAllForUser(staff.id, manager),
      };
    });
  }
}
