import { Injectable } from '@nestjs/common';
import { StaffScope } from '../agent';
import { ClaimRepository } from './claim.repository';
import type { CustomerOpenClaim } from '../../shared/admin/admin-model';
import type { Actor } from '../session';

/**
 * The claims module's read for other screens: customers' open claims within a staff member's
 * reach (an agent's on the policies they sold, an admin's all), by customer.
 */
@Injectable()
export class CustomerClaims {
  constructor(private readonly claims: ClaimRepository) {}

  async openByCustomer(actor: Actor, userIds: string[]): Promise<Map<string, CustomerOpenClaim[]>> {
    const byCustomer = new Map<string, CustomerOpenClaim[]>();
    if (userIds.length === 0) return byCustomer;
    for (const { userId, id, number, status } of await this.claims.openForCustomers(userIds, StaffScope.of(actor))) {
      byCustomer.set(userId, [...(byCustomer.get(userId) ?? []), { id, number, status }]);
    }
    return byCustomer;
  }
}
