import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * A deleted account's household rows (issue 27), in the caller's transaction: the invitations
 * and memberships of the policies it held (each names another person: their name and e-mail),
 * the ones it accepted, and the ones sent to its address. Access grants, not insurance records:
 * the policies they pointed at stay.
 */
@Injectable()
export class HouseholdErasure {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async eraseFor(user: { id: string; email: string }): Promise<number> {
    const [, count] = await this.txHost.tx.query<ChangedRows>(
      `DELETE FROM household_members h
        WHERE h.member_user_id = $1 OR h.email = lower($2) OR h.policy_id IN (SELECT p.id FROM policies p WHERE p.user_id = $1)`,
      [user.id, user.email],
    );
    return count;
  }
}
