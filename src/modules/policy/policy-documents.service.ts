import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { appConfig, type AppConfig } from '../../config/app-config';
import { stateDay } from '../../shared/dates/state-day';
import { documentTexts } from '../documents';
import { QuotePricingService } from '../quote';
import { cancellationNoticePdf, type CancellationNotice } from './documents/cancellation-notice';
import { declarationsPdf, idCardPdf } from './documents/policy-documents';
import type { Locale } from '../../shared/locale';
import type { PolicyDocument, PolicyView } from '../../shared/policy/policy-model';
import type { MailAttachment } from '../mail';

/** The policy's PDFs, with the legal names from config and the state's minimums from the rate table. */
@Injectable()
export class PolicyDocumentsService {
  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly pricing: QuotePricingService,
    private readonly clock: Clock,
  ) {}

  /** `notice`: a cancelled policy's cancellation facts (the notice prints them, the declarations its reason). */
  async render(kind: PolicyDocument, policy: PolicyView, locale: Locale, notice?: CancellationNotice): Promise<Buffer> {
    const input = {
      policy,
      locale,
      legal: { ...this.config.legal, insurerNaic: this.config.insurerNaic },
      // The day in the policy's state, as every other date on the documents.
      issuedOn: stateDay(this.clock.now(), policy.state),
      publicUrl: this.config.publicUrl,
    };
    if (kind === 'id-card') return idCardPdf(input);
    if (kind === 'cancellation-notice') return cancellationNoticePdf({ ...input, notice: notice! });
    const rules = await this.pricing.stateRules(policy.address.zip, policy.effectiveDate);
    return declarationsPdf({ ...input, minimumLiability: rules.minimumLiability, cancellationReason: notice?.reason });
  }

  /** "meterly-id-card-MP-AZ-1000001.pdf", in the reader's language. */
  fileName(kind: PolicyDocument, policy: PolicyView, locale: Locale): string {
    const t = documentTexts(locale);
    return `${t(`files.${kind}`)}-${policy.number}.pdf`;
  }

  async attachment(kind: PolicyDocument, policy: PolicyView, locale: Locale, notice?: CancellationNotice): Promise<MailAttachment> {
    const pdf = await this.render(kind, policy, locale, notice);
    return { filename: this.fileName(kind, policy, locale), contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
  }
}
