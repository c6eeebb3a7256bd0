import { Injectable } from '@nestjs/common';
import { StaffScope } from '../agent';
import { CustomerClaims } from '../claims';
import { AgentCustomersRepository } from './agent-customers.repository';
import type { AgentCustomerPage } from '../../shared/admin/admin-model';
import type { Actor } from '../session';

export const CUSTOMERS_PAGE_SIZE = 25;

/** LIKE's own characters in a search stand for themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The agent screen: an agent's customers (an admin: everyone's, with the agent who serves each). */
@Injectable()
export class AgentCustomersService {
  constructor(
    private readonly customers: AgentCustomersRepository,
    private readonly claims: CustomerClaims,
  ) {}

  async page(actor: Actor, search: string | undefined, page = 1): Promise<AgentCustomerPage> {
    // An agent without a producer number (never seeded so) sees no one rather than everyone.
    const rows = await this.customers.list(StaffScope.of(actor), search ? literal(search) : null, CUSTOMERS_PAGE_SIZE + 1, (page - 1) * CUSTOMERS_PAGE_SIZE);
    const shown = rows.slice(0, CUSTOMERS_PAGE_SIZE);
    const claims = await this.claims.openByCustomer(
      actor,
      shown.map((customer) => customer.userId),
    );
    return {
      customers: shown.map((customer) => ({ ...customer, openClaims: claims.get(customer.userId) ?? [] })),
      page,
      hasMore: rows.length > CUSTOMERS_PAGE_SIZE,
    };
  }
}
