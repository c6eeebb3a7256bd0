import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { appConfig, type AppConfig } from '../../config/app-config';
import { stateDay } from '../../shared/dates/state-day';
import { documentTexts } from '../documents';
import { CoverageRejectionRecords, QuotePricingService } from '../quote';
import { policyChangeView } from './changes/policy-change-view';
import { PolicyChangeRepository } from './changes/policy-change.repository';
import { cancellationNoticePdf, type CancellationNotice } from './documents/cancellation-notice';
import { idCardPdf } from './documents/id-card';
import { idCardFacts } from './documents/id-card-facts';
import { declarationsPdf, type ComingChange } from './documents/policy-documents';
import type { Locale } from '../../shared/locale';
import type { PolicyDocument, PolicyView } from '../../shared/policy/policy-model';
import type { ProofOfInsuranceFacts } from '../../shared/policy/proof-link-model';
import type { MailAttachment } from '../mail';

/** The policy's PDFs, with the legal names from config and the state's minimums from the rate table. */
@Injectable()
export class PolicyDocumentsService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly pricing: QuotePricingService,
    private readonly clock: Clock,
    private readonly changes: PolicyChangeRepository,
    private readonly rejections: CoverageRejectionRecords,
  ) {}

  /**
   * `notice`: a cancelled policy's cancellation facts (the notice prints them, the declarations its
   * reason); `issuedAt`: the moment whose day it is issued on (a mail's, when it was queued).
   */
  async render(kind: PolicyDocument, policy: PolicyView, locale: Locale, notice?: CancellationNotice, issuedAt = this.clock.now()): Promise<Buffer> {
    const input = {
      policy,
      locale,
      legal: { ...this.config.legal, insurerNaic: this.config.insurerNaic, insurerAddress: this.config.insurerAddress },
      // The day in the policy's state, as every other date on the documents.
      issuedOn: stateDay(issuedAt, policy.state),
      publicUrl: this.config.publicUrl,
      coming: await this.coming(policy),
    };
    if (kind === 'cancellation-notice') return cancellationNoticePdf({ ...input, notice: notice! });
    // The state's rules of the current term (a renewal's are those of its first day): its minimum limits.
    const rules = await this.pricing.stateRules(policy.address.zip, policy.termStartDate);
    if (kind === 'id-card') return idCardPdf({ ...input, minimumLiability: rules.minimumLiability });
    // Who chose each rejection, when and how (issue 26): read here, so every declarations page has it.
    const rejections = policy.rejections ?? (await this.rejections.forPolicy(policy.id, policy.coverage));
    return declarationsPdf({ ...input, policy: { ...policy, rejections }, minimumLiability: rules.minimumLiability, cancellationReason: notice?.reason });
  }

  /** What the ID card of `vehicleIndex` (null: every car) says, for a page in `locale` (issue 27's share-proof link). */
  async idCardFacts(policy: PolicyView, vehicleIndex: number | null, locale: Locale): Promise<ProofOfInsuranceFacts> {
    const rules = await this.pricing.stateRules(policy.address.zip, policy.termStartDate);
    const legal = { ...this.config.legal, insurerNaic: this.config.insurerNaic };
    const input = { policy, locale, legal, issuedOn: stateDay(this.clock.now(), policy.state), coming: await this.coming(policy) };
    return idCardFacts({ ...input, minimumLiability: rules.minimumLiability }, vehicleIndex, locale);
  }

  /** The changes booked for a later day, in words the documents print. */
  private async coming(policy: PolicyView): Promise<ComingChange[]> {
    const coming: ComingChange[] = [];
    for (const event of policy.upcoming) {
      const row = event.changeId ? await this.changes.findForPolicy(event.changeId, policy.id) : undefined;
      if (!row) continue;
      const after = new Set(row.after.vehicles.map((v) => v.vehicleIndex));
      coming.push({
        effectiveDate: row.effectiveDate,
        kind: row.kind,
        summary: policyChangeView(row).summary,
        carsLeaving: row.before.vehicles.map((v) => v.vehicleIndex).filter((index) => !after.has(index)),
      });
    }
    return coming;
  }

  /** "meterly-id-card-MP-AZ-1000001.pdf", in the reader's language. */
  fileName(kind: PolicyDocument, policy: PolicyView, locale: Locale): string {
    const t = documentTexts(locale);
    return `${t(`files.${kind}`)}-${policy.number}.pdf`;
  }

  async attachment(kind: PolicyDocument, policy: PolicyView, locale: Locale, notice?: CancellationNotice, issuedAt?: Date): Promise<MailAttachment> {
    const pdf = await this.render(kind, policy, locale, notice, issuedAt);
    return { filename: this.fileName(kind, policy, locale), contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
  }
}
