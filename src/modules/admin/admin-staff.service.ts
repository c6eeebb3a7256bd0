import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { StaffEnrolment, StaffErrorCode, StaffException } from '../agent';
import { AuditService } from '../audit';
import { StaffDeactivation, type Deactivated } from './staff-deactivation';
import type { StaffMemberView } from '../../shared/admin/admin-model';
import type { StaffAccount } from '../agent';
import type { SignedInActor } from '../session';
import type { AddStaffDto, StaffLicenceDto } from './admin.dto';

const statesOf = (states: string[]) => [...new Set(states)].sort();

/** The admin screen's staff: list, add an agent or an admin, deactivate, set an agent's licence; each change audited. */
@Injectable()
export class AdminStaffService {
  constructor(
    private readonly enrolment: StaffEnrolment,
    private readonly deactivation: StaffDeactivation,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<StaffMemberView[]> {
    return (await this.enrolment.list()).map(memberView);
  }

  async add(actor: SignedInActor, dto: AddStaffDto): Promise<StaffMemberView> {
    const added =
      dto.role === 'admin'
        ? await this.enrolment.addStaff({ role: 'admin', email: dto.email, name: dto.name })
        : await this.enrolment.addStaff({
            role: 'agent',
            email: dto.email,
            name: dto.name,
            producerId: dto.producerId!,
            phone: dto.phone!,
            licenseNumber: dto.licenseNumber!,
            licensedStates: statesOf(dto.licensedStates!),
          });
    await this.audit.record(actor, 'staff.add', { target: `${added.role}:${added.email}${added.producerId ? `:${added.producerId}` : ''}`, customer: null });
    return memberView(added);
  }

  /** Ends the account and every credential of theirs (StaffDeactivation); never the admin's own. */
  async deactivate(actor: SignedInActor, userId: string): Promise<Deactivated> {
    if (userId === actor.userId) throw new StaffException(StaffErrorCode.DeactivateSelf);
    const account = (await this.enrolment.list()).find((staff) => staff.userId === userId);
    if (!account) throw new StaffException(StaffErrorCode.StaffNotFound);
    const ended = await this.deactivation.deactivate(account.email, this.clock.now());
    if (!ended) throw new StaffException(StaffErrorCode.StaffNotFound);
    await this.audit.record(actor, 'staff.deactivate', { target: `${account.role}:${account.email}`, customer: null });
    return ended;
  }

  async setLicence(actor: SignedInActor, userId: string, dto: StaffLicenceDto): Promise<StaffMemberView> {
    const states = statesOf(dto.licensedStates);
    const changed = await this.enrolment.setLicence(userId, { producerId: dto.producerId, licensedStates: states });
    await this.audit.record(actor, 'staff.licence', { target: `${changed.email}:${dto.producerId}:${states.join(',')}`, customer: null });
    return memberView(changed);
  }
}

function memberView(account: StaffAccount): StaffMemberView {
  return { ...account, lastSignInAt: account.lastSignInAt ? new Date(account.lastSignInAt).toISOString() : null };
}
