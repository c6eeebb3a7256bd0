import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuditLogRepository } from './audit-log.repository';

/** Records a staff action with who did it, for whom, and the request's correlation id. */
@Injectable()
export class AuditService {
  constructor(private readonly log: AuditLogRepository) {}

  async record(req: Request, action: string, details: { target?: string; customer?: { id: string; email: string } | null } = {}): Promise<void> {
    const session = req.session;
    const actorUserId = session.staffUserId ?? session.userId!;
    const actorEmail = session.staffEmail ?? session.userEmail!;
    const onBehalf = session.staffUserId ? { id: session.userId!, email: session.userEmail! } : undefined;
    const customer = details.customer === undefined ? onBehalf : details.customer;
    await this.log.record({
      actorUserId,
      actorEmail,
      actorRole: session.role ?? 'customer',
      customerUserId: customer?.id ?? null,
      customerEmail: customer?.email ?? null,
      action,
      target: details.target ?? null,
      correlationId: String((req as Request & { id?: unknown }).id ?? '') || null,
    });
  }
}
