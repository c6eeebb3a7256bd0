import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { type StaffScope, staffScopeSql } from '../agent';
import type { AgentCustomerView } from '../../shared/admin/admin-model';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * The agent screen's customers, read in one query over users, policies, quotes and agents
 * (none written here): an agent's are those they serve or sold or quoted for, with only the
 * policies they sold; an admin's (StaffScope: all) are every customer, with every policy and
 * the agent who serves them.
 */
/** A customer as read here; their open claims come from the claims module. */
export type CustomerRow = Omit<AgentCustomerView, 'openClaims'>;

@Injectable()
export class AgentCustomersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** A page of customers, newest account first; `search` matches part of the e-mail or name. */
  list(scope: StaffScope, search: string | null, limit: number, offset: number): Promise<CustomerRow[]> {
    return this.txHost.tx.query<CustomerRow[]>(
      `WITH mine AS (
         SELECT u.id, u.email, u.name, u.created_at, u.served_by_producer_id FROM users u
          WHERE u.role = 'customer'
            AND ($1::text IS NULL OR u.served_by_producer_id = $1
                 OR EXISTS (SELECT 1 FROM policies p WHERE p.user_id = u.id AND p.producer_id = $1)
                 OR EXISTS (SELECT 1 FROM quotes q WHERE q.user_id = u.id AND q.producer_id = $1))
            AND ($2::text IS NULL OR u.email ILIKE '%' || $2 || '%' ESCAPE '\\' OR u.name ILIKE '%' || $2 || '%' ESCAPE '\\')
          ORDER BY u.created_at DESC, u.id LIMIT $3 OFFSET $4)
       SELECT m.id AS "userId", m.email, m.name,
              CASE WHEN $1::text IS NULL THEN (SELECT a.name FROM agents a WHERE a.producer_id = coalesce(m.served_by_producer_id,
                (SELECT p.producer_id FROM policies p WHERE p.user_id = m.id AND p.producer_id IS NOT NULL ORDER BY p.created_at LIMIT 1))) END AS seller,
              coalesce(pol.list, '[]'::json) AS policies, coalesce(pol.pending, 0)::int AS "pendingConfirmations"
         FROM mine m
         LEFT JOIN LATERAL (
           SELECT json_agg(json_build_object('id', p.id, 'number', p.number, 'status', p.status, 'state', p.state,
                    'effectiveDate', to_char(p.effective_date, 'YYYY-MM-DD'), 'sharedVins', to_json(shared_vins(p.id))) ORDER BY p.created_at DESC) AS list,
                  count(*) FILTER (WHERE p.status = 'pending-confirmation') AS pending
             FROM policies p WHERE p.user_id = m.id AND ${staffScopeSql('p.producer_id', 1)}) pol ON true
        ORDER BY m.created_at DESC, m.id`,
      [scope.producerId, search, limit, offset],
    );
  }
}
