import { Injectable } from '@nestjs/common';
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_PAGE_SIZE, type AuditPage } from '../../shared/admin/admin-model';
import { isAuditChanges } from '../../shared/audit/audit-changes';
import { AuditService } from '../audit';
import { auditCsv } from './audit-csv';
import type { AuditFilter, AuditRecord } from '../audit';
import type { SignedInActor } from '../session';
import type { AuditFilterDto } from './admin.dto';

function filterOf(dto: AuditFilterDto): AuditFilter {
  return {
    actor: dto.actor || undefined,
    customer: dto.customer || undefined,
    action: dto.action || undefined,
    from: dto.from ? new Date(dto.from) : undefined,
    to: dto.to ? new Date(dto.to) : undefined,
    // An action chosen by name is shown whatever the kind (the screen's kind defaults to actions).
    kind: dto.action || !dto.kind || dto.kind === 'all' ? undefined : dto.kind,
  };
}

/** The audit log for the admin screen: filtered pages, and the same filters as a CSV file. */
@Injectable()
export class AdminAuditService {
  constructor(private readonly audit: AuditService) {}

  async page(dto: AuditFilterDto, page = 1): Promise<AuditPage> {
    const rows = await this.audit.list({ ...filterOf(dto), limit: AUDIT_PAGE_SIZE + 1, offset: (page - 1) * AUDIT_PAGE_SIZE });
    return { entries: rows.slice(0, AUDIT_PAGE_SIZE).map(entryView), page, pageSize: AUDIT_PAGE_SIZE, hasMore: rows.length > AUDIT_PAGE_SIZE };
  }

  actions(): Promise<string[]> {
    return this.audit.actions();
  }

  /** The newest AUDIT_EXPORT_MAX_ROWS entries the filters match, as CSV; the export is itself audited. */
  async csv(actor: SignedInActor, dto: AuditFilterDto): Promise<string> {
    const rows = await this.audit.list({ ...filterOf(dto), limit: AUDIT_EXPORT_MAX_ROWS });
    const filters = Object.entries(dto)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => `${key}=${String(value)}`)
      .join('&');
    await this.audit.record(actor, 'audit.export', { target: filters ? filters.slice(0, 500) : 'all', customer: null });
    return auditCsv(rows);
  }
}

function entryView(r: AuditRecord): AuditPage['entries'][number] {
  return {
    id: String(r.id),
    at: new Date(r.at).toISOString(),
    actorEmail: r.actorEmail,
    actorRole: r.actorRole,
    customerEmail: r.customerEmail ?? null,
    action: r.action,
    target: r.target ?? null,
    correlationId: r.correlationId ?? null,
    changes: isAuditChanges(r.changes) ? r.changes : [],
  };
}
