import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { AgentCustomerPage } from '../../../../shared/admin/admin-model';

/** GET /api/agent/customers: the agent's customers (an admin: everyone's), 25 a page. */
export function fetchCustomers(search: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return callApi('agent-customers', 'list', () => api<AgentCustomerPage>(`/agent/customers?${params.toString()}`));
}
