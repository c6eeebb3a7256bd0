import { Inject, Injectable } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { AuditService } from '../audit';
import { MailService } from '../mail';
import { PrivacyRequestsService, privacyRequestView, type PrivacyRequestRow } from '../privacy-requests';
import { UsersService } from '../users';
import { privacyRequestExtendedMail } from './privacy-request-mail';
import type { AdminPrivacyRequestList } from '../../shared/admin/admin-model';
import type { PrivacyRequestStatus, PrivacyRequestView } from '../../shared/privacy/privacy-request-model';
import type { SignedInActor } from '../session';

export const PRIVACY_PAGE_SIZE = 50;

/**
 * The privacy requests' admin screen (issue 27): every request with its answer clock, and what an
 * admin does with one: extend it once (the customer is e-mailed the new date and why), deny it
 * with the reason, or mark it completed (answered outside the site). Each is audited.
 */
@Injectable()
export class AdminPrivacyService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly requests: PrivacyRequestsService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
  ) {}

  async list(status: PrivacyRequestStatus | undefined, page = 1): Promise<AdminPrivacyRequestList> {
    const rows = await this.requests.list({ status, limit: PRIVACY_PAGE_SIZE + 1, offset: (page - 1) * PRIVACY_PAGE_SIZE });
    return { requests: rows.slice(0, PRIVACY_PAGE_SIZE).map(privacyRequestView), page, pageSize: PRIVACY_PAGE_SIZE, hasMore: rows.length > PRIVACY_PAGE_SIZE };
  }

  async extend(actor: SignedInActor, id: string, reason: string): Promise<PrivacyRequestView> {
    const extended = await this.requests.extend(id, reason);
    await this.audit.record(actor, 'privacy.request.extend', { target: targetOf(extended), customer: customerOf(extended) });
    const user = extended.userId ? await this.users.findById(extended.userId) : null;
    await this.mail.queue(
      privacyRequestExtendedMail(
        { to: extended.email, locale: user?.locale === 'es' ? 'es' : 'en-US', publicUrl: this.config.publicUrl, legal: this.config.legal },
        { kind: extended.kind, receivedAt: extended.receivedAt, dueAt: extended.dueAt, reason },
      ),
    );
    return privacyRequestView(extended);
  }

  async deny(actor: SignedInActor, id: string, reason: string): Promise<PrivacyRequestView> {
    const denied = await this.requests.close(id, 'denied', reason);
    await this.audit.record(actor, 'privacy.request.deny', { target: targetOf(denied), customer: customerOf(denied) });
    return privacyRequestView(denied);
  }

  async complete(actor: SignedInActor, id: string, note: string | undefined): Promise<PrivacyRequestView> {
    const completed = await this.requests.close(id, 'completed', note ?? null);
    await this.audit.record(actor, 'privacy.request.complete', { target: targetOf(completed), customer: customerOf(completed) });
    return privacyRequestView(completed);
  }
}

const targetOf = (row: PrivacyRequestRow) => `${row.kind}:${row.id}`;
const customerOf = (row: PrivacyRequestRow) => (row.userId ? { id: row.userId, email: row.email } : null);
