import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { appConfig, type AppConfig } from '../../config/app-config';
import { DATA_EXPORT_KEEP_DAYS, DATA_EXPORTS_PER_YEAR, type DataExportFile, type DataExportState } from '../../shared/privacy/data-export-model';
import { JobQueue } from '../jobs';
import { MailService } from '../mail';
import { PrivacyRequestsService, privacyRequestView } from '../privacy-requests';
import { UsersService } from '../users';
import { DataExportArchive } from './data-export-archive';
import { dataExportReadyMail } from './data-export-mail';
import { dataExportPdf } from './data-export-pdf';
import { dataExportTexts } from './data-export-texts';
import { DataExportCollector } from './data-export.collector';
import { DataExportErrorCode, DataExportException } from './data-export.exception';
import { DataExportRepository } from './data-export.repository';
import type { Locale } from '../../shared/locale';
import type { PrivacyRequestRow } from '../privacy-requests';
import type { SignedInActor } from '../session';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The job that makes an export: tried 4 times over about a quarter of an hour, then left failed (the request stays open on the admin screen). */
export const MAKE_QUEUE = 'data-export.make';
const MAKE_RETRIES = { retryLimit: 3, retryDelaySeconds: 60 };
const PRUNE_QUEUE = 'data-export.prune';

/**
 * Issue 27, "download my data": the customer (or staff for them) asks; an access request opens
 * with its 45-day clock; a background job reads everything held about them through each module's
 * service, makes a JSON file and a PDF, keeps them 7 days, closes the request as completed and
 * e-mails the customer to download them from My account (signed in: no file link by mail).
 */
@Injectable()
export class DataExportService implements OnModuleInit {
  private readonly logger = new Logger(DataExportService.name);

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly exports: DataExportRepository,
    private readonly requests: PrivacyRequestsService,
    private readonly collector: DataExportCollector,
    private readonly archive: DataExportArchive,
    private readonly users: UsersService,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ requestId: string }>(MAKE_QUEUE, ({ requestId }) => this.make(requestId), MAKE_RETRIES);
    this.jobs.register(PRUNE_QUEUE, () => this.prune(), { retryLimit: 1, cron: '23 * * * *' });
  }

  /**
   * Asks for a copy: opens an access request (or answers the one open: a double click or a second
   * tab makes no second request nor job) and queues its making. At most DATA_EXPORTS_PER_YEAR in
   * any 12 months (DATA_EXPORTS_TOO_MANY, 429).
   */
  async request(actor: SignedInActor): Promise<DataExportState> {
    const open = await this.requests.openOf(actor.userId, 'access');
    if (!open && this.remaining(await this.requests.ofUser(actor.userId)) <= 0) throw new DataExportException(DataExportErrorCode.TooMany);
    const { request, opened } = await this.requests.open(actor, 'access');
    if (opened) await this.jobs.send(MAKE_QUEUE, { requestId: request.id });
    return this.state(actor.userId);
  }

  /** What My account shows: the copy being prepared or ready (until when), how many more may be asked, and every privacy request. */
  async state(userId: string): Promise<DataExportState> {
    const [requests, ready] = await Promise.all([this.requests.ofUser(userId), this.exports.latestLive(userId, this.clock.now())]);
    const open = requests.find((r) => r.kind === 'access' && r.status === 'open');
    return {
      status: open ? 'preparing' : ready ? 'ready' : 'none',
      ready: ready ? { id: ready.id, createdAt: ready.createdAt.toISOString(), expiresAt: ready.expiresAt.toISOString() } : null,
      openRequestId: open?.id ?? null,
      remaining: open ? 0 : this.remaining(requests),
      requests: requests.map(privacyRequestView),
    };
  }

  /** One file of the asker's own live copy; DATA_EXPORT_NOT_FOUND (404) for another's, an expired one or none. */
  async file(actor: SignedInActor, id: string, kind: DataExportFile): Promise<{ body: Buffer; type: string; fileName: string }> {
    const now = this.clock.now();
    const found = await this.exports.file(actor.userId, id, kind === 'zip' ? 'json' : kind, now);
    if (!found) throw new DataExportException(DataExportErrorCode.NotFound);
    const name = dataExportTexts('en-US')('file.name', { date: found.createdAt.toISOString().slice(0, 10) });
    if (kind === 'json') return { body: found.body, type: 'application/json', fileName: `${name}.json` };
    const pdf = kind === 'pdf' ? found : await this.exports.file(actor.userId, id, 'pdf', now);
    if (!pdf) throw new DataExportException(DataExportErrorCode.NotFound);
    if (kind === 'pdf') return { body: pdf.body, type: 'application/pdf', fileName: `${name}.pdf` };
    return { body: await this.archive.zip(actor.userId, found.body, pdf.body), type: 'application/zip', fileName: `${name}.zip` };
  }

  /** Copies asked for in the last 12 months that count (a denied or withdrawn one does not). */
  private remaining(requests: PrivacyRequestRow[]): number {
    const since = this.clock.now().getTime() - 365 * DAY_MS;
    const counted = requests.filter((r) => r.kind === 'access' && r.receivedAt.getTime() > since && (r.status === 'open' || r.status === 'completed'));
    return Math.max(0, DATA_EXPORTS_PER_YEAR - counted.length);
  }

  /**
   * The job: makes and keeps the request's files, e-mails the customer, closes the request as
   * completed. A retry after a failure finds what was done (the files are kept once per request).
   * A request closed meanwhile (denied or withdrawn) makes nothing.
   */
  async make(requestId: string): Promise<void> {
    const request = await this.requests.find(requestId);
    if (!request || request.status !== 'open' || !request.userId) return;
    const user = await this.users.findById(request.userId);
    if (!user) return;
    const locale: Locale = user.locale === 'es' ? 'es' : 'en-US';
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + DATA_EXPORT_KEEP_DAYS * DAY_MS);
    if (!(await this.exports.ofRequest(requestId))) {
      const data = await this.collector.collect(user.id, now);
      const [json, pdf] = [Buffer.from(`${JSON.stringify(data, null, 2)}\n`), await dataExportPdf(data, locale, this.config.legal)];
      await this.exports.insert({ requestId, userId: user.id, locale, json, pdf, createdAt: now, expiresAt });
    }
    const made = (await this.exports.ofRequest(requestId))!;
    await this.txHost.withTransaction(async () => {
      await this.requests.close(requestId, 'completed', 'A copy of the data was made for download (JSON and PDF).');
      await this.mail.queue(
        dataExportReadyMail(
          { to: user.email, locale, publicUrl: this.config.publicUrl, legal: this.config.legal },
          { askedAt: request.receivedAt, expiresAt: made.expiresAt },
        ),
      );
    });
    this.logger.log({ requestId }, 'data export made');
  }

  private async prune(): Promise<void> {
    await this.exports.pruneExpired(this.clock.now());
  }
}
