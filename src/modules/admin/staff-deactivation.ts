import { Injectable, Module } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { StaffEnrolment, StaffEnrolmentModule } from '../agent';
import { SignInCodes, SignInCodesModule } from '../auth';
import { DeviceRevocation, DeviceRevocationModule } from '../miles';
import { SessionAdmin, SessionAdminModule } from '../session';
import { UsersModule, UsersService } from '../users';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

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
 * Each owner's service joins the transaction opened here (TransactionHost).
 */
@Injectable()
export class StaffDeactivation {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    private readonly enrolment: StaffEnrolment,
    private readonly sessions: SessionAdmin,
    private readonly codes: SignInCodes,
    private readonly devices: DeviceRevocation,
  ) {}

  /** What ended, or undefined when no agent or admin has the e-mail. */
  deactivate(email: string, now: Date): Promise<Deactivated | undefined> {
    return this.txHost.withTransaction(async () => {
      const staff = await this.users.deactivateStaff(email);
      if (!staff) return undefined;
      if (staff.producerId) await this.enrolment.deactivateAgent(staff.producerId);
      return {
        sessions: await this.sessions.revoke({ userId: staff.id, email: staff.email }),
        codes: await this.codes.voidAllFor(staff, now),
        devices: await this.devices.revokeAllForUser(staff.id),
      };
    });
  }
}

/** StaffDeactivation with the owners it writes through: for the admin screen and scripts/staff.ts, built the same way in both. */
@Module({
  imports: [DeviceRevocationModule, SessionAdminModule, SignInCodesModule, StaffEnrolmentModule, UsersModule],
  providers: [StaffDeactivation],
  exports: [StaffDeactivation],
})
export class StaffDeactivationModule {}
