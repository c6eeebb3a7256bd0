import { PoliciesService } from './policies.service';
import type { AuditContext } from '../on-behalf';

/** The number of the policy a request names (`:id`), for the audit target of a change staff make to it for a customer. */
export async function auditedPolicyNumber({ get, actor, params }: AuditContext): Promise<string> {
  return (await get(PoliciesService).owned(actor, params.id)).number;
}
