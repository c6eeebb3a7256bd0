import { Inject, Injectable, Logger } from '@nestjs/common';
import { appConfig, type AppConfig } from '../../config/app-config';
import { stateDay } from '../../shared/dates/state-day';
import { MailService } from '../mail';
import { insuredFirstName, PolicyRecords, type PolicyRow } from '../policy';
import { UsersService } from '../users';
import { claimChangedMail, claimMessageForHandlerMail, claimMessageMail, claimReceivedMail, type ClaimMailContext } from './claim-mail';
import type { ClaimView } from '../../shared/claims/claim-model';
import type { MailMessage } from '../mail';
import type { ClaimRow } from './claim.repository';

/** The claim's policy: its customer, its state (whose clock the day is read on) and its named insured (whom the mail greets). */
type ClaimPolicy = Pick<PolicyRow, 'userId' | 'state' | 'drivers'>;

/**
 * The e-mails a claim sends its customer, in the customer's language, and its handler (a message
 * from the customer), through the mail queue.
 * Mail never undoes what happened: a failure to queue is logged and the claim stands.
 */
@Injectable()
export class ClaimNotifications {
  private readonly logger = new Logger(ClaimNotifications.name);

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly policies: PolicyRecords,
    private readonly mail: MailService,
  ) {}

  received(policy: ClaimPolicy, claim: ClaimView): Promise<void> {
    return this.send(
      () => Promise.resolve(policy),
      claim,
      (context) => claimReceivedMail(context),
    );
  }

  changed(policyId: string, claim: ClaimView, note: string): Promise<void> {
    return this.send(
      async () => (await this.policies.findById(policyId))!,
      claim,
      (context) => claimChangedMail(context, note),
    );
  }

  /** Staff wrote on the claim: the customer is told a message waits (not what it says), in their language. */
  staffWrote(policyId: string, claim: ClaimView, from: string | null): Promise<void> {
    return this.send(
      async () => (await this.policies.findById(policyId))!,
      claim,
      (context) => claimMessageMail(context, from),
    );
  }

  /**
   * The customer (or staff for them) wrote on the claim: its handler is told, the agent who sold
   * the policy in their language, else the claims team's inbox (CLAIMS_EMAIL) in English.
   */
  async customerWrote(claim: ClaimRow, onBehalf: boolean): Promise<void> {
    try {
      const agentLocale = claim.agentUserId ? (await this.users.findById(claim.agentUserId))?.locale : undefined;
      await this.mail.queue(
        claimMessageForHandlerMail({
          to: claim.agent?.email ?? this.config.claimsEmail,
          locale: agentLocale ?? 'en-US',
          name: claim.agent?.name ?? null,
          claim,
          onBehalf,
          publicUrl: this.config.publicUrl,
          legal: this.config.legal,
        }),
      );
    } catch (error) {
      this.logger.error(`Claim ${claim.number}: the mail could not be queued`, error instanceof Error ? error.stack : String(error));
    }
  }

  private async send(policyOf: () => Promise<ClaimPolicy>, claim: ClaimView, compose: (context: ClaimMailContext) => MailMessage): Promise<void> {
    try {
      const owner = await policyOf();
      const user = (await this.users.findById(owner.userId))!;
      await this.mail.queue(
        compose({
          to: user.email,
          locale: user.locale,
          name: insuredFirstName(owner),
          claim,
          occurredDay: stateDay(new Date(claim.occurredAt), owner.state),
          publicUrl: this.config.publicUrl,
          legal: this.config.legal,
        }),
      );
    } catch (error) {
      this.logger.error(`Claim ${claim.number}: the mail could not be queued`, error instanceof Error ? error.stack : String(error));
    }
  }
}
